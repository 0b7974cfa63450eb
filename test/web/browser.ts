/** What the browser offers, set on `navigator` for one test (after userEvent.setup, which installs its own clipboard). */
export function browserWith(features: { share?: (data: ShareData) => Promise<void>; writeText?: (text: string) => Promise<void> }) {
  Object.defineProperty(navigator, 'share', { value: features.share, configurable: true, writable: true });
  Object.defineProperty(navigator, 'canShare', { value: undefined, configurable: true, writable: true });
  Object.defineProperty(navigator, 'clipboard', {
    value: features.writeText ? { writeText: features.writeText } : undefined,
    configurable: true,
    writable: true,
  });
}
