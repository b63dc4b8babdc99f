import { z } from 'zod';
import type { RoomNoteKind } from '../document-analysis';
import { apiErrorBody, apiRoute, success } from './route';

export const OVERRIDABLE_UNITS = ['in', 'ft', 'mm', 'cm', 'm'] as const;
/** The units a user can set a DXF or DWG drawing to, and a calibration's length unit. */
export const overridableUnit = z.enum(OVERRIDABLE_UNITS);
export type OverridableUnit = z.output<typeof overridableUnit>;
/** As the documents service words it too. */
const UNIT_CHOICES = 'in, ft, mm, cm or m';

export const documentsQuery = z.object({ projectId: z.string().optional(), documentType: z.string().optional() });

export const setDrawingUnitsBody = z.object(
  { units: z.enum(OVERRIDABLE_UNITS, { error: `units must be one of ${UNIT_CHOICES}.` }) },
  { error: 'Send the drawing units as a JSON object: { "units": "in" }' },
);

const pagePoint = (end: 'from' | 'to') =>
  z
    .tuple([z.number(), z.number()], { error: `${end} must be a point [x, y] on the page, in points.` })
    .refine(([x, y]) => Number.isFinite(x) && Number.isFinite(y), {
      error: `${end} must be a point [x, y] on the page, in points.`,
    });

/** The shape of a calibration; what the numbers mean (a zero-length line, a page too far) the service checks. */
export const setPageScaleBody = z.object(
  {
    from: pagePoint('from'),
    to: pagePoint('to'),
    distance: z.number({ error: 'distance must be a number greater than zero: the real length of the line.' }),
    unit: z.enum(OVERRIDABLE_UNITS, { error: `unit must be one of ${UNIT_CHOICES}.` }),
  },
  { error: 'Send the calibration as a JSON object: { "from": [x, y], "to": [x, y], "distance": 10, "unit": "ft" }' },
);

/** At most this many boundaries on one page: a sheet's zones, not a drawing. */
export const MAX_BOUNDARIES_PER_PAGE = 200;

/** The room boundaries of one PDF page, replacing the page's earlier ones (an empty list removes them). */
export const setPageBoundariesBody = z.object(
  {
    lines: z
      .array(
        z.object(
          { from: pagePoint('from'), to: pagePoint('to') },
          { error: 'Each boundary must be a line { "from": [x, y], "to": [x, y] } in page points.' },
        ),
        { error: 'lines must be a list of boundaries: [{ "from": [x, y], "to": [x, y] }, …].' },
      )
      .max(MAX_BOUNDARIES_PER_PAGE, {
        error: `A page takes at most ${MAX_BOUNDARIES_PER_PAGE} boundaries.`,
      }),
  },
  { error: 'Send the boundaries as a JSON object: { "lines": [{ "from": [x, y], "to": [x, y] }] }' },
);

const documentStatus = z.enum(['pending', 'processing', 'analyzed', 'failed']);
/** pending or processing while the analysis is redone after a correction (units, a page's scale); else null. */
const reanalysis = z.enum(['pending', 'processing']).nullable();

/** docs/spec.md §3 documents, with the analysis state (the storage key stays inside). */
export const projectDocument = z.object({
  id: z.string(),
  projectId: z.string(),
  filename: z.string(),
  filetype: z.string(),
  /** Bytes (an int64 string from the service). */
  filesize: z.coerce.number(),
  documentType: z.enum(['project', 'bid']),
  uploadedAt: z.string(),
  status: documentStatus,
  error: z.string().nullable().default(null),
  sha256: z.string(),
  reanalysis: reanalysis.default(null),
});
export type ProjectDocument = z.output<typeof projectDocument>;

const point = z.tuple([z.number(), z.number()]);
const correction = { setBy: z.string(), setAt: z.string() };

/** The scale of a PDF page: real feet per PDF point (1/4" = 1'-0" is 1/18), and where it came from. */
export const pageScale = z
  .object({
    note: z.string().optional(),
    feetPerPoint: z.number(),
    source: z.enum(['scale-note', 'calibration', 'dimensions']),
  })
  .loose();
export type PageScale = z.output<typeof pageScale>;

export const quantitySource = z
  .object({
    page: z.number().optional(),
    layer: z.string().optional(),
    block: z.string().optional(),
    sheet: z.string().optional(),
    row: z.number().optional(),
  })
  .loose();
export type QuantitySource = z.output<typeof quantitySource>;

/** What a PDF room note says of its rooms (libs/contracts/src/document-analysis.ts RoomNoteKind). */
export const ROOM_NOTE_KINDS = [
  'shared',
  'divided',
  'division-differs',
  'no-closed-space',
  'printed-area-differs',
  'printed-size-differs',
] as const satisfies readonly RoomNoteKind[];

/**
 * The analysis of issue 6 (libs/contracts/src/document-analysis.ts has every field), with its
 * revision, the user's corrections and a redone analysis under way. The gateway always sends
 * those four; an older client's cached analysis may lack them, so they are optional here.
 */
export const documentAnalysis = z.object({
  status: documentStatus,
  error: z.string().optional(),
  kind: z.string(),
  units: z
    .object({
      source: z.string(),
      usedAs: z.string().optional(),
      /** Multiply a drawing-unit length by this to get feet. */
      feetPerUnit: z.number().optional(),
      assumed: z.boolean().optional(),
      /** Who set the units over the header's, and when. */
      override: z.object({ unit: overridableUnit, ...correction }).optional(),
      /** The unit the drawing's dimensions say it is in, when the figures are not in it: the one-click fix. */
      suggested: overridableUnit.optional(),
    })
    .loose()
    .optional(),
  /** 1 for the first analysis, one more each time it is redone after a correction. */
  revision: z.number().optional(),
  overrides: z
    .object({
      units: z.object({ unit: overridableUnit, ...correction }).optional(),
      pageScales: z
        .record(
          z.string(),
          z.object({
            feetPerPoint: z.number(),
            line: z.object({ from: point, to: point }).optional(),
            ...correction,
          }),
        )
        .optional(),
      pageBoundaries: z
        .record(z.string(), z.object({ lines: z.array(z.object({ from: point, to: point })), ...correction }))
        .optional(),
    })
    .loose()
    .optional(),
  /** While the analysis is redone after a correction; the figures are the previous ones until it is done. */
  reanalysis: reanalysis.optional(),
  /** Why redoing it failed; the previous analysis was kept. */
  reanalysisError: z.string().nullable().optional(),
  layers: z
    .array(
      z
        .object({
          name: z.string(),
          page: z.number().optional(),
          lengthFt: z.number(),
          areaSqFt: z.number(),
          entityCount: z.number(),
          /** A wall layer's walls, each once (LayerTotals.wallLengthFt). */
          wallLengthFt: z.number().optional(),
          /** The lines a PDF page's walls were measured along (LayerTotals.wallLines). */
          wallLines: z.array(z.tuple([point, point])).optional(),
        })
        .loose(),
    )
    .optional(),
  blocks: z
    .array(
      z
        .object({
          name: z.string(),
          count: z.number(),
          totalCount: z.number(),
          dynamicBlockName: z.string().optional(),
          /** Where its instances are, in drawing coordinates (y up): the viewer marks them. */
          at: z.array(point).optional(),
        })
        .loose(),
    )
    .optional(),
  rooms: z
    .array(
      z
        .object({
          name: z.string(),
          areaSqFt: z.number(),
          perimeterFt: z.number(),
          layer: z.string(),
          page: z.number().optional(),
          outline: z.array(point).optional(),
          printedAreaSqFt: z.number().optional(),
          printedSize: z.string().optional(),
          source: z.string().optional(),
          /** The scale of the room's drawing where it is not the page's (Room.scale). */
          scale: z.object({ note: z.string(), feetPerPoint: z.number() }).optional(),
        })
        .loose(),
    )
    .optional(),
  symbols: z
    .array(z.object({ name: z.string(), page: z.number(), count: z.number(), at: z.array(point).optional() }).loose())
    .optional(),
  warnings: z.array(z.string()).optional(),
  /** PDF: the rooms to check, per page; absent from analyses stored before these were kept. */
  roomNotes: z
    .array(
      z
        .object({
          page: z.number(),
          kind: z.enum(ROOM_NOTE_KINDS),
          rooms: z.array(z.object({ name: z.string(), at: point }).loose()),
          message: z.string(),
        })
        .loose(),
    )
    .optional(),
  pages: z
    .array(
      z
        .object({
          number: z.number(),
          text: z.string(),
          sheetNumber: z.string().optional(),
          title: z.string().optional(),
          /** The scale note as written (older analyses), or the page's scale and where it came from. */
          scale: z.union([z.string(), pageScale]).nullable().optional(),
          widthPts: z.number().optional(),
          heightPts: z.number().optional(),
          raster: z.boolean().optional(),
          /** A sheet's drawings at several scales: each one's scale and box (PageAnalysis.drawings). */
          drawings: z
            .array(
              z.object({
                note: z.string(),
                feetPerPoint: z.number(),
                box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
              }),
            )
            .optional(),
        })
        .loose(),
    )
    .optional(),
  quantities: z.array(
    z.object({ description: z.string(), quantity: z.number(), unit: z.string(), source: quantitySource }).loose(),
  ),
  image: z.object({ width: z.number(), height: z.number(), format: z.string() }).loose().optional(),
});
export type DocumentAnalysis = z.output<typeof documentAnalysis>;

/** A DXF's or DWG's linework in drawing coordinates (y up); each path a flat [x0, y0, x1, y1, …] polyline. */
export const drawingGeometry = z.object({
  units: z.object({ feetPerUnit: z.number().nullable() }),
  bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }),
  layers: z.array(
    z.object({
      name: z.string(),
      /** The layer's colour as #rrggbb, when the file's layer table gives one. */
      color: z.string().optional(),
      /** Linework drawn in the layer's colour. */
      paths: z.array(z.array(z.number())),
      /** Linework with a colour of its own, grouped by colour. */
      colored: z.array(z.object({ color: z.string(), paths: z.array(z.array(z.number())) })).optional(),
    }),
  ),
  truncated: z.boolean().optional(),
});
export type DrawingGeometry = z.output<typeof drawingGeometry>;

/** An upload over the free plan's size: the screen offers the upgrade. */
export const freePlanLimit = apiErrorBody.extend({
  isPremiumFeature: z.boolean().optional(),
  maxFreeSize: z.number().optional(),
});

const upload = {
  signedIn: true,
  bodyContentType: 'multipart/form-data',
  responses: {
    201: {
      description: 'One file: the document; several: the list',
      schema: z.union([projectDocument, z.array(projectDocument)]),
    },
    402: { description: 'A file over the free plan limit (FREE_PLAN_LIMIT_EXCEEDED)', schema: freePlanLimit },
  },
} as const;

export const documentRoutes = {
  list: apiRoute({
    method: 'GET',
    path: '/api/documents',
    summary: "A project's documents (projectId required; documentType project or bid)",
    signedIn: true,
    query: documentsQuery,
    responses: { 200: { description: 'The documents', schema: z.array(projectDocument) } },
  }),
  upload: apiRoute({
    method: 'POST',
    path: '/api/documents',
    summary: 'Upload files (repeated field `file`, with `projectId` and `documentType`), kept whole or not at all',
    ...upload,
  }),
  uploadToProject: apiRoute({
    method: 'POST',
    path: '/api/projects/{projectId}/documents',
    summary: 'Upload files to the project in the path (the older upload path)',
    ...upload,
  }),
  get: apiRoute({
    method: 'GET',
    path: '/api/documents/{id}',
    summary: 'A document',
    signedIn: true,
    responses: { 200: { description: 'The document', schema: projectDocument } },
  }),
  analysis: apiRoute({
    method: 'GET',
    path: '/api/documents/{id}/analysis',
    summary: 'What the document says, in feet and square feet, each figure with its source',
    signedIn: true,
    responses: { 200: { description: 'The analysis', schema: documentAnalysis } },
  }),
  setUnits: apiRoute({
    method: 'PUT',
    path: '/api/documents/{id}/units',
    summary: "Set a DXF's or DWG's drawing units; the analysis is redone with them",
    signedIn: true,
    body: setDrawingUnitsBody,
    responses: { 200: { description: 'The analysis, reanalysis pending', schema: documentAnalysis } },
  }),
  setPageScale: apiRoute({
    method: 'PUT',
    path: '/api/documents/{id}/pages/{page}/scale',
    summary: "Calibrate a PDF page's scale from a line of known length",
    signedIn: true,
    body: setPageScaleBody,
    responses: { 200: { description: 'The analysis, reanalysis pending', schema: documentAnalysis } },
  }),
  setPageBoundaries: apiRoute({
    method: 'PUT',
    path: '/api/documents/{id}/pages/{page}/boundaries',
    summary: 'Draw room boundaries on a PDF page (its earlier ones are replaced); the rooms are measured again',
    signedIn: true,
    body: setPageBoundariesBody,
    responses: { 200: { description: 'The analysis, reanalysis pending', schema: documentAnalysis } },
  }),
  remove: apiRoute({
    method: 'DELETE',
    path: '/api/documents/{id}',
    summary: 'Delete a document with its file, analysis and takeoff items',
    signedIn: true,
    responses: { 200: { description: 'Deleted', schema: success } },
  }),
  geometry: apiRoute({
    method: 'GET',
    path: '/api/documents/{id}/geometry',
    summary: "A DXF's or DWG's drawing for the viewer (a PDF or other file is a 400)",
    signedIn: true,
    responses: { 200: { description: 'The linework', schema: drawingGeometry } },
  }),
  file: apiRoute({
    method: 'GET',
    path: '/api/documents/{id}/file',
    summary: 'The original file; one Range (bytes=a-b, a-, -n) answers 206, past the end 416',
    signedIn: true,
    responses: {
      200: { description: 'The whole file', contentType: 'application/octet-stream' },
      206: { description: 'The range asked for', contentType: 'application/octet-stream' },
    },
  }),
};
