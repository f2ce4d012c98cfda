/** DESIGN §6: WeChat's in-app browser blocks downloads; its user agent carries "MicroMessenger". */
export function isWeChatBrowser(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}
