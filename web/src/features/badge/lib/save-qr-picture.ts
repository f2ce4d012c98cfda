/** The side of the saved picture, in pixels: sharp enough for a gate scanner from a phone screen or paper. */
const PICTURE_SIDE = 720;

/**
 * Saves a QR code drawn as SVG as a PNG file (white margin, `fileName`): the SVG is painted on a
 * canvas through an image, and the PNG offered as a download.
 */
export async function saveQrPicture(svg: SVGSVGElement, fileName: string): Promise<void> {
  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.width = PICTURE_SIDE;
  image.height = PICTURE_SIDE;
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the QR code could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  });
  const canvas = document.createElement('canvas');
  canvas.width = PICTURE_SIDE;
  canvas.height = PICTURE_SIDE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, PICTURE_SIDE, PICTURE_SIDE);
  context.drawImage(image, 0, 0, PICTURE_SIDE, PICTURE_SIDE);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((value) => (value ? resolve(value) : reject(new Error('no picture'))), 'image/png'));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}
