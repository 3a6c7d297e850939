/** The AEAT's namespaces (the targetNamespace of each vendored XSD). */
const BASE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
export const NS = {
  sfLR: `${BASE}/SuministroLR.xsd`,
  sf: `${BASE}/SuministroInformacion.xsd`,
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
};

/** The most records one request may carry (RegistroFactura maxOccurs in SuministroLR.xsd). */
export const MAX_BATCH = 1000;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** RegFactuSistemaFacturacion: the issuer's header and each stored record's element. */
export function regFactu(issuer: { nif: string; name: string }, records: string[]): string {
  if (records.length < 1 || records.length > MAX_BATCH) throw new Error(`batch of ${records.length} records`);
  return (
    `<sfLR:RegFactuSistemaFacturacion xmlns:sfLR="${NS.sfLR}" xmlns:sf="${NS.sf}">` +
    `<sfLR:Cabecera><sf:ObligadoEmision><sf:NombreRazon>${escape(issuer.name.slice(0, 120))}</sf:NombreRazon>` +
    `<sf:NIF>${escape(issuer.nif)}</sf:NIF></sf:ObligadoEmision></sfLR:Cabecera>` +
    records.map((r) => `<sfLR:RegistroFactura>${r}</sfLR:RegistroFactura>`).join('') +
    `</sfLR:RegFactuSistemaFacturacion>`
  );
}

/** The SOAP 1.1 request the AEAT's service takes. */
export const soapEnvelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${NS.soap}"><soapenv:Header/>` +
  `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
