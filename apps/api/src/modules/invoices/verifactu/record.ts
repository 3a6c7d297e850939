import type { VerifactuConfig } from '../../../verifactu-config.ts';
import { altaHuella, anulacionHuella } from './huella.ts';
import { prefixed, xml, type Node } from './xml-writer.ts';

/** The link to the record before in the issuer's chain; null for the first record. */
export interface ChainLink {
  num_serie: string;
  fecha: string;
  huella: string;
}

/** What a registration record says about an invoice (amounts as 2-decimal strings). */
export interface AltaInput {
  folio: string;
  issued_at: string;
  enterprise: string;
  tin: string | null;
  country_code: string;
  tax_option: string;
  tax_percentage: string;
  amount_without_taxes: string;
  tax_amount: string;
  amount: string;
  task_codes: string[];
  /** For a corrective invoice: the invoice it corrects. */
  rectifies: { folio: string; issued_at: string } | null;
}

export interface BuiltRecord {
  tipo_factura: string | null;
  num_serie: string;
  fecha_expedicion: string;
  huella: string;
  generated_at: string;
  /** The sf:RegistroAlta or sf:RegistroAnulacion element (the sf prefix is declared by the batch). */
  xml: string;
}

/**
 * A record that replaces one the AEAT rejected (subsanación): a RegistroAlta says Subsanacion S and
 * RechazoPrevio S, a RegistroAnulacion RechazoPrevio S (SuministroInformacion.xsd, RechazoPrevioType:
 * "Ha habido rechazo previo por la AEAT"). A RegistroAlta that replaces one the AEAT accepted with
 * errors says Subsanacion S and RechazoPrevio N (`retryOfAcceptedWithErrors`). `unregistered`: an
 * anulación of an invoice whose RegistroAlta the AEAT never accepted (SinRegistroPrevio S).
 */
export interface RecordFlags {
  retryOfRejected?: boolean;
  retryOfAcceptedWithErrors?: boolean;
  unregistered?: boolean;
}

/** Why a record cannot be made: the field of the invoice form that must change. */
export class RecordRefused extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
  ) {
    super(key);
  }
}

/** YYYY-MM-DD → dd-mm-yyyy. */
export const aeatDate = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** The moment as Spain's mainland clock shows it, with its offset: 2024-01-01T19:20:30+01:00. */
export function madridTimestamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  const minutes = Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  const mm = String(Math.abs(minutes) % 60).padStart(2, '0');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${sign}${hh}:${mm}`;
}

// Verba's Spanish tax territories (ADR 0017's countries) are Spain for the AEAT.
const SPAIN = new Set(['EPE', 'EIC', 'ECM']);
const ISO_OF: Record<string, string> = { AND: 'AD' };
const EU = new Set(
  'AT BE BG CY CZ DE DK EE EL FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** The recipient: a Spanish NIF, or IDOtro (02 an EU VAT number, 04 another country's tax ID). */
function recipient(input: AltaInput): Node[] {
  const id = (input.tin ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (!id) throw new RecordRefused('tin', 'invoices.verifactu_tin_required');
  const name: Node = ['NombreRazon', input.enterprise.slice(0, 120)];
  if (SPAIN.has(input.country_code)) {
    const nif = id.startsWith('ES') && id.length === 11 ? id.slice(2) : id;
    if (!/^[0-9A-Z]{9}$/.test(nif)) throw new RecordRefused('tin', 'invoices.verifactu_nif_invalid');
    return [name, ['NIF', nif]];
  }
  const country = ISO_OF[input.country_code] ?? input.country_code;
  return [
    name,
    [
      'IDOtro',
      [
        ['CodigoPais', country],
        ['IDType', EU.has(country) ? '02' : '04'],
        ['ID', id.slice(0, 20)],
      ],
    ],
  ];
}

/**
 * The tax breakdown: IVA at its rate (S1, subject and not exempt), or, for a customer outside the
 * Spanish IVA territory (abroad, the Canary Islands, Ceuta and Melilla), N2: not subject by the
 * place-of-supply rules (a service to a business is supplied where the business is, art. 69 LIVA).
 */
function desglose(input: AltaInput): Node[] {
  const iva = input.tax_option === 'IVA';
  return [
    [
      'DetalleDesglose',
      [
        ['Impuesto', '01'],
        ['ClaveRegimen', '01'],
        ['CalificacionOperacion', iva ? 'S1' : 'N2'],
        iva ? ['TipoImpositivo', input.tax_percentage] : null,
        ['BaseImponibleOimporteNoSujeto', input.amount_without_taxes],
        iva ? ['CuotaRepercutida', input.tax_amount] : null,
      ],
    ],
  ];
}

function encadenamiento(config: VerifactuConfig, previous: ChainLink | null): Node {
  return [
    'Encadenamiento',
    previous
      ? [
          [
            'RegistroAnterior',
            [
              ['IDEmisorFactura', config.issuer.nif],
              ['NumSerieFactura', previous.num_serie],
              ['FechaExpedicionFactura', previous.fecha],
              ['Huella', previous.huella],
            ],
          ],
        ]
      : [['PrimerRegistro', 'S']],
  ];
}

function sistemaInformatico(config: VerifactuConfig): Node {
  return [
    'SistemaInformatico',
    [
      ['NombreRazon', config.producer.name.slice(0, 120)],
      ['NIF', config.producer.nif],
      ['NombreSistemaInformatico', config.system.name.slice(0, 30)],
      ['IdSistemaInformatico', config.system.id],
      ['Version', config.system.version],
      ['NumeroInstalacion', config.system.installationNumber],
      // Verba only makes records in VERI*FACTU mode, for one taxpayer per installation.
      ['TipoUsoPosibleSoloVerifactu', 'S'],
      ['TipoUsoPosibleMultiOT', 'N'],
      ['IndicadorMultiplesOT', 'N'],
    ],
  ];
}

/**
 * The RegistroAlta of an invoice: F1, or R1 with TipoRectificativa I (by differences: Verba's
 * corrective invoice repeats the lines with negative amounts) naming the invoice it corrects.
 */
export function buildAlta(
  config: VerifactuConfig,
  input: AltaInput,
  previous: ChainLink | null,
  now: Date,
  flags: RecordFlags = {},
): BuiltRecord {
  const tipo = input.rectifies ? 'R1' : 'F1';
  const fecha = aeatDate(input.issued_at);
  const generated = madridTimestamp(now);
  const huella = altaHuella({
    IDEmisorFactura: config.issuer.nif,
    NumSerieFactura: input.folio,
    FechaExpedicionFactura: fecha,
    TipoFactura: tipo,
    CuotaTotal: input.tax_amount,
    ImporteTotal: input.amount,
    HuellaAnterior: previous?.huella ?? '',
    FechaHoraHusoGenRegistro: generated,
  });
  const description = `Servicios de traducción: ${input.task_codes.join(', ')}`.slice(0, 500);
  const body: Node[] = [
    ['IDVersion', '1.0'],
    [
      'IDFactura',
      [
        ['IDEmisorFactura', config.issuer.nif],
        ['NumSerieFactura', input.folio],
        ['FechaExpedicionFactura', fecha],
      ],
    ],
    ['NombreRazonEmisor', config.issuer.name.slice(0, 120)],
    flags.retryOfRejected || flags.retryOfAcceptedWithErrors ? ['Subsanacion', 'S'] : null,
    flags.retryOfRejected ? ['RechazoPrevio', 'S'] : null,
    flags.retryOfAcceptedWithErrors ? ['RechazoPrevio', 'N'] : null,
    ['TipoFactura', tipo],
    input.rectifies ? ['TipoRectificativa', 'I'] : null,
    input.rectifies
      ? [
          'FacturasRectificadas',
          [
            [
              'IDFacturaRectificada',
              [
                ['IDEmisorFactura', config.issuer.nif],
                ['NumSerieFactura', input.rectifies.folio],
                ['FechaExpedicionFactura', aeatDate(input.rectifies.issued_at)],
              ],
            ],
          ],
        ]
      : null,
    ['DescripcionOperacion', description],
    ['Destinatarios', [['IDDestinatario', recipient(input)]]],
    ['Desglose', desglose(input)],
    ['CuotaTotal', input.tax_amount],
    ['ImporteTotal', input.amount],
    encadenamiento(config, previous),
    sistemaInformatico(config),
    ['FechaHoraHusoGenRegistro', generated],
    ['TipoHuella', '01'],
    ['Huella', huella],
  ];
  return {
    tipo_factura: tipo,
    num_serie: input.folio,
    fecha_expedicion: fecha,
    huella,
    generated_at: generated,
    xml: xml(['sf:RegistroAlta', prefixed('sf', body)]),
  };
}

/** The RegistroAnulacion of an invoice issued in error. */
export function buildAnulacion(
  config: VerifactuConfig,
  invoice: { folio: string; issued_at: string },
  previous: ChainLink | null,
  now: Date,
  flags: RecordFlags = {},
): BuiltRecord {
  const fecha = aeatDate(invoice.issued_at);
  const generated = madridTimestamp(now);
  const huella = anulacionHuella({
    IDEmisorFacturaAnulada: config.issuer.nif,
    NumSerieFacturaAnulada: invoice.folio,
    FechaExpedicionFacturaAnulada: fecha,
    HuellaAnterior: previous?.huella ?? '',
    FechaHoraHusoGenRegistro: generated,
  });
  const body: Node[] = [
    ['IDVersion', '1.0'],
    [
      'IDFactura',
      [
        ['IDEmisorFacturaAnulada', config.issuer.nif],
        ['NumSerieFacturaAnulada', invoice.folio],
        ['FechaExpedicionFacturaAnulada', fecha],
      ],
    ],
    flags.unregistered ? ['SinRegistroPrevio', 'S'] : null,
    flags.retryOfRejected ? ['RechazoPrevio', 'S'] : null,
    encadenamiento(config, previous),
    sistemaInformatico(config),
    ['FechaHoraHusoGenRegistro', generated],
    ['TipoHuella', '01'],
    ['Huella', huella],
  ];
  return {
    tipo_factura: null,
    num_serie: invoice.folio,
    fecha_expedicion: fecha,
    huella,
    generated_at: generated,
    xml: xml(['sf:RegistroAnulacion', prefixed('sf', body)]),
  };
}
