import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { readQrFromImage } from '../../../device/src/qr-image';

const run = promisify(execFile);

/** What a printed PDF proves once poppler has read it back: its pages' size, its text and each page's QR. */
export interface PrintedPdf {
  pages: number;
  /** The first page's size in PDF points, as pdfinfo reads the MediaBox. */
  pageSize: { width: number; height: number };
  text: string;
  /** The CJK fonts, embedded as subsets (pdffonts' "sub" column). */
  fontsSubset: boolean;
  /**
   * A rendered page's QR text (pdftoppm at 300 dpi, then the reference gate client's decoder); `part` (a
   * fraction of the page from its top left) reads one badge of a sheet that holds several.
   */
  qrOfPage: (page: number, part?: { width: number; height: number }) => Promise<string | undefined>;
  /** The PNG of a page, for a person to look at. */
  pngOfPage: (page: number) => Promise<string>;
  close: () => Promise<void>;
}

/** Reads a PDF back with poppler-utils (pdfinfo, pdftotext, pdffonts, pdftoppm) as a print shop would. */
export async function readPrintedPdf(bytes: Uint8Array): Promise<PrintedPdf> {
  const dir = await mkdtemp(join(tmpdir(), 'printed-pdf-'));
  const file = join(dir, 'badges.pdf');
  await writeFile(file, bytes);
  const info = (await run('pdfinfo', [file])).stdout;
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  const fonts = (await run('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
  const pngOfPage = async (page: number) => {
    const stem = join(dir, `page-${page}`);
    await run('pdftoppm', ['-r', '300', '-png', '-f', String(page), '-l', String(page), '-singlefile', file, stem]);
    const name = (await readdir(dir)).find((entry) => entry === `page-${page}.png`);
    if (!name) throw new Error(`pdftoppm wrote no page ${page}`);
    return join(dir, name);
  };
  return {
    pages,
    pageSize: { width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0) },
    text,
    fontsSubset: fonts.length > 0 && fonts.every((line) => /\byes\s+yes\s+yes\b/.test(line) && /^[A-Z]{6}\+/.test(line)),
    qrOfPage: async (page, part) => {
      const png = await pngOfPage(page);
      if (!part) return readQrFromImage(png);
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const cropped = join(dir, `page-${page}-part.png`);
      await sharp(png)
        .extract({ left: 0, top: 0, width: Math.round(width * part.width), height: Math.round(height * part.height) })
        .toFile(cropped);
      return readQrFromImage(cropped);
    },
    pngOfPage,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
