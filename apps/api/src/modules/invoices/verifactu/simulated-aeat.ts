import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateRegFactu } from './xsd.ts';

/**
 * A local stand-in for the AEAT's VERI*FACTU service, for tests and local runs (the real AEAT
 * cannot be reached from here; README, "VeriFactu"). It validates every request's
 * RegFactuSistemaFacturacion against the vendored AEAT XSDs, answers in the shapes of the AEAT's
 * RespuestaSuministro (Correcto, ParcialmenteCorrecto, Incorrecto, TiempoEsperaEnvio, a SOAP fault
 * for an invalid request), treats a record it already holds as a duplicate (3000), and can be
 * told to reject, accept with errors, fail, or ask for a wait.
 */
export type SimulatedBehaviour = 'accept' | 'reject' | 'accept_with_errors' | 'http_error';

export interface SimulatedAeat {
  url: string;
  /** Every request's body, in order. */
  requests: string[];
  /** How the next requests are answered (until told otherwise), and the wait each answer asks for. */
  behave(behaviour: SimulatedBehaviour, waitSeconds?: number): void;
  close(): Promise<void>;
}

const R =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const SF =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';
const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Header/><env:Body>${body}</env:Body></env:Envelope>`;
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const fault = (text: string) =>
  envelope(`<env:Fault><faultcode>env:Client</faultcode><faultstring>${esc(text)}</faultstring></env:Fault>`);

interface Line {
  nif: string;
  numSerie: string;
  fecha: string;
  operation: 'Alta' | 'Anulacion';
  /** A subsanación (Subsanacion S, or RechazoPrevio S): it replaces what is held, no duplicate. */
  retry: boolean;
}

function linesOf(body: string): Line[] {
  return [...body.matchAll(/<sf:Registro(Alta|Anulacion)>([\s\S]*?)<\/sf:Registro\1>/g)].map((m) => {
    const pick = (name: string) => new RegExp(`<sf:${name}>([^<]*)<`).exec(m[2]!)?.[1] ?? '';
    const anul = m[1] === 'Anulacion';
    return {
      nif: pick(anul ? 'IDEmisorFacturaAnulada' : 'IDEmisorFactura'),
      numSerie: pick(anul ? 'NumSerieFacturaAnulada' : 'NumSerieFactura'),
      fecha: pick(anul ? 'FechaExpedicionFacturaAnulada' : 'FechaExpedicionFactura'),
      operation: anul ? 'Anulacion' : 'Alta',
      retry: /<sf:(Subsanacion|RechazoPrevio)>S</.test(m[2]!),
    };
  });
}

export async function startSimulatedAeat(): Promise<SimulatedAeat> {
  let behaviour: SimulatedBehaviour = 'accept';
  let wait = 60;
  const held = new Set<string>();
  const requests: string[] = [];
  let csv = 0;

  async function answer(request: string): Promise<{ status: number; body: string }> {
    const body = /<soapenv:Body>([\s\S]*)<\/soapenv:Body>/.exec(request)?.[1];
    if (!body)
      return { status: 500, body: fault('Codigo[4102].El XML no cumple el esquema: no hay cuerpo SOAP.') };
    const invalid = await validateRegFactu(body);
    if (invalid) return { status: 500, body: fault(`Codigo[4102].El XML no cumple el esquema. ${invalid}`) };
    const states = linesOf(body).map((line) => {
      const key = `${line.nif}|${line.numSerie}|${line.operation}`;
      if (held.has(key) && !line.retry)
        return { line, state: 'Incorrecto', code: '3000', text: 'Registro de facturación duplicado.' };
      if (behaviour === 'reject')
        return {
          line,
          state: 'Incorrecto',
          code: '1100',
          text: 'Valor o tipo incorrecto del campo: Destinatarios.',
        };
      held.add(key);
      return behaviour === 'accept_with_errors'
        ? {
            line,
            state: 'AceptadoConErrores',
            code: '2000',
            text: 'El cálculo de la huella suministrada es incorrecta.',
          }
        : { line, state: 'Correcto', code: null, text: null };
    });
    const overall = states.every((s) => s.state === 'Correcto')
      ? 'Correcto'
      : states.every((s) => s.state === 'Incorrecto')
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto';
    csv++;
    const rows = states
      .map(
        (s) =>
          `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${esc(s.line.nif)}</tik:IDEmisorFactura>` +
          `<tik:NumSerieFactura>${esc(s.line.numSerie)}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${s.line.fecha}</tik:FechaExpedicionFactura></tikR:IDFactura>` +
          `<tikR:Operacion><tik:TipoOperacion>${s.line.operation}</tik:TipoOperacion></tikR:Operacion>` +
          `<tikR:EstadoRegistro>${s.state}</tikR:EstadoRegistro>` +
          (s.code
            ? `<tikR:CodigoErrorRegistro>${s.code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${esc(s.text!)}</tikR:DescripcionErrorRegistro>`
            : '') +
          (s.code === '3000'
            ? `<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>SIM</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`
            : '') +
          `</tikR:RespuestaLinea>`,
      )
      .join('');
    return {
      status: 200,
      body: envelope(
        `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${R}" xmlns:tik="${SF}">` +
          (overall === 'Incorrecto' ? '' : `<tikR:CSV>SIM${String(csv).padStart(13, '0')}</tikR:CSV>`) +
          `<tikR:TiempoEsperaEnvio>${wait}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${overall}</tikR:EstadoEnvio>${rows}` +
          `</tikR:RespuestaRegFactuSistemaFacturacion>`,
      ),
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = Buffer.concat(chunks).toString('utf8');
      requests.push(request);
      if (behaviour === 'http_error') {
        res.writeHead(503).end('Service unavailable');
        return;
      }
      answer(request).then(
        ({ status, body }) => res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' }).end(body),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    requests,
    behave(next, waitSeconds = wait) {
      behaviour = next;
      wait = waitSeconds;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
