import QRCode from 'qrcode';

/** What the AEAT's validation service (cotejo) is asked about an invoice. */
export interface QrFields {
  nif: string;
  numserie: string;
  /** dd-mm-yyyy */
  fecha: string;
  importe: string;
}

/** The validation URL the QR code carries: the configured AEAT host, the four parameters encoded. */
export function qrUrl(base: string, f: QrFields): string {
  const query = new URLSearchParams({ nif: f.nif, numserie: f.numserie, fecha: f.fecha, importe: f.importe });
  return `${base}?${query.toString().replace(/\+/g, '%20')}`;
}

/** Printed width of the code itself (the AEAT asks for 30 to 40 mm), and its quiet zone in modules. */
export const QR_MM = 35;
const QUIET_MODULES = 4;

/**
 * The QR code (ISO/IEC 18004, error correction M) as a PNG, and the width to print it at in
 * points so that the code without its quiet zone measures QR_MM.
 */
export async function qrImage(url: string): Promise<{ png: Buffer; widthPt: number }> {
  const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size;
  const png = await QRCode.toBuffer(url, {
    errorCorrectionLevel: 'M',
    margin: QUIET_MODULES,
    scale: 8,
    type: 'png',
  });
  const codePt = (QR_MM / 25.4) * 72;
  return { png, widthPt: (codePt * (modules + 2 * QUIET_MODULES)) / modules };
}
