import { inflateRawSync } from 'node:zlib';

/**
 * What anyone who finds a sync remote's file can read of it: its bytes, and the body after the two header lines
 * inflated from each offset a checksum (32 bytes) or nonce (12) might take. Segments are deflated before they are
 * sealed, so a plain search of the bytes alone would miss text that is only compressed, not encrypted.
 */
export function readableText(bytes: Buffer): string {
  const body = bytes.subarray(bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1);
  const inflated = [0, 12, 32].map(offset => {
    try {
      return inflateRawSync(body.subarray(offset)).toString();
    } catch {
      return '';
    }
  });
  return [bytes.toString('latin1'), ...inflated].join('\n');
}
