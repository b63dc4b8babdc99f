/**
 * Walks the sections of a DXF (HEADER, TABLES, BLOCKS, ENTITIES) pair by pair
 * and hands what the takeoff needs to a DrawingSink. Only one record is held at
 * a time (plus a POLYLINE's vertices or an INSERT's attributes).
 */
import { TextDecoder } from 'node:util';
import { replaceUnicodeEscapes } from './cad-text';
import {
  addInsertAttribute,
  addPolylineVertex,
  decodeEntity,
  dimensionStyleValue,
  isPaperSpace,
  type DxfRecord,
  type StringDecoder,
} from './dxf-entity-decoder';
import { DxfFormatError } from './dxf-tokenizer';
import type {
  DimensionStyle,
  DrawingHeader,
  DrawingSink,
  EntityOwner,
  InsertEntity,
  PolylineEntity,
} from './drawing-entities';

/** Header variables the takeoff reads, with the group code of their value. */
const HEADER_VARIABLES = new Set([
  '$ACADVER',
  '$DWGCODEPAGE',
  '$INSUNITS',
  '$MEASUREMENT',
  '$LUNITS',
  '$DIMLUNIT',
  '$DIMUNIT',
  '$DIMLFAC',
  '$DIMPOST',
  '$DIMSTYLE',
]);

/** $DWGCODEPAGE → a WHATWG encoding label TextDecoder knows. */
const CODE_PAGES: Record<string, string> = {
  ANSI_874: 'windows-874',
  ANSI_932: 'shift_jis',
  ANSI_936: 'gbk',
  ANSI_949: 'euc-kr',
  ANSI_950: 'big5',
  ANSI_1250: 'windows-1250',
  ANSI_1251: 'windows-1251',
  ANSI_1252: 'windows-1252',
  ANSI_1253: 'windows-1253',
  ANSI_1254: 'windows-1254',
  ANSI_1255: 'windows-1255',
  ANSI_1256: 'windows-1256',
  ANSI_1257: 'windows-1257',
  ANSI_1258: 'windows-1258',
};

export interface DxfReadSummary {
  sawEndOfFile: boolean;
  sectionsSeen: string[];
  entityCount: number;
  /** The data stopped inside a section (no ENDSEC): the file was cut short. */
  endedInsideSection: boolean;
}

export class DxfReader {
  private section: string | undefined;
  private expectingSectionName = false;
  private record: DxfRecord | undefined;
  private skippedRecordType: string | undefined;
  private headerVariable: string | undefined;
  private readonly headerValues = new Map<string, string>();
  private headerSent = false;
  private block: { name: string; owner: EntityOwner } | undefined;
  private pendingPolyline: { entity: PolylineEntity; owner: EntityOwner } | undefined;
  private pendingInsert: { entity: InsertEntity; owner: EntityOwner } | undefined;
  private decodeRaw: StringDecoder = (raw) => raw;
  private sawEndOfFile = false;
  private readonly sectionsSeen: string[] = [];
  private entityCount = 0;

  constructor(private readonly sink: DrawingSink) {}

  /** Bound handler for the tokenizer. */
  readonly pair = (code: number, value: string): void => {
    if (code === 0) {
      this.finishRecord();
      this.startRecord(value.trim());
      return;
    }
    if (this.expectingSectionName) {
      if (code === 2) {
        this.section = value.trim().toUpperCase();
        this.sectionsSeen.push(this.section);
        this.expectingSectionName = false;
      }
      return;
    }
    if (this.section === 'HEADER') {
      if (code === 9) this.headerVariable = value.trim().toUpperCase();
      else if (
        this.headerVariable &&
        HEADER_VARIABLES.has(this.headerVariable) &&
        !this.headerValues.has(this.headerVariable)
      )
        this.headerValues.set(this.headerVariable, value);
      return;
    }
    if (this.record) {
      this.record.codes.push(code);
      this.record.values.push(value);
    }
  };

  finish(): DxfReadSummary {
    this.finishRecord();
    this.flushComplexEntities();
    this.sendHeader();
    return {
      sawEndOfFile: this.sawEndOfFile,
      sectionsSeen: this.sectionsSeen,
      entityCount: this.entityCount,
      endedInsideSection: this.section !== undefined,
    };
  }

  /** Text as the drawing meant it: its code page (or UTF-8 from AutoCAD 2007 on) and \U+ escapes. */
  readonly decode: StringDecoder = (raw) => {
    // Plain ASCII, the overwhelming case, needs no work.
    // eslint-disable-next-line no-control-regex -- bytes above 0x7F
    const text = /[^\x00-\x7f]/.test(raw) ? this.decodeRaw(raw) : raw;
    return replaceUnicodeEscapes(text);
  };

  private startRecord(type: string): void {
    this.record = undefined;
    this.skippedRecordType = undefined;
    switch (type) {
      case 'SECTION':
        this.expectingSectionName = true;
        return;
      case 'ENDSEC':
        if (this.section === 'HEADER') this.sendHeader();
        this.flushComplexEntities();
        this.section = undefined;
        return;
      case 'EOF':
        this.sawEndOfFile = true;
        return;
    }
    if (this.section === undefined) {
      throw new DxfFormatError(`it has a ${type} record outside any section`);
    }
    const wanted =
      this.section === 'ENTITIES' ||
      this.section === 'BLOCKS' ||
      (this.section === 'TABLES' &&
        (type === 'DIMSTYLE' || type === 'BLOCK_RECORD' || (type === 'LAYER' && !!this.sink.layerRecord)));
    if (wanted) this.record = { type, codes: [], values: [] };
    else this.skippedRecordType = type;
  }

  private finishRecord(): void {
    const record = this.record;
    this.record = undefined;
    if (!record) return;
    this.sendHeader();
    if (this.section === 'TABLES') this.tableEntry(record);
    else if (this.section === 'BLOCKS') this.blocksRecord(record);
    else if (this.section === 'ENTITIES') this.entity(record, isPaperSpace(record) ? PAPER_SPACE : MODEL_SPACE);
  }

  private tableEntry(record: DxfRecord): void {
    const first = (code: number) => {
      const i = record.codes.indexOf(code);
      return i < 0 ? undefined : record.values[i];
    };
    if (record.type === 'DIMSTYLE') {
      const style: DimensionStyle = { name: this.decode(first(2) ?? '') };
      for (let i = 0; i < record.codes.length; i++) {
        const code = record.codes[i];
        if (code >= 1000) break;
        if (code === 3 || code === 144 || code === 270 || code === 277)
          dimensionStyleValue(style, code, record.values[i]);
      }
      this.sink.dimensionStyle(style);
    } else if (record.type === 'LAYER') {
      const name = first(2);
      if (name === undefined) return;
      const color = Number(first(62));
      const trueColor = Number(first(420));
      this.sink.layerRecord?.({
        name: this.decode(name),
        // A negative colour marks the layer off; its colour is the absolute value.
        ...(Number.isFinite(color) && color !== 0 ? { color: Math.abs(Math.trunc(color)) } : {}),
        ...(first(420) !== undefined && Number.isFinite(trueColor) ? { trueColor: trueColor & 0xffffff } : {}),
        ...(first(6) !== undefined ? { linetype: this.decode(first(6)!) } : {}),
        ...(Number(first(370)) > 0 ? { lineweight: Number(first(370)) } : {}),
      });
    } else if (record.type === 'BLOCK_RECORD') {
      const name = first(2);
      if (name === undefined) return;
      // Anonymous dynamic-block representations point at their dynamic block in XDATA AcDbBlockRepBTag.
      let dynamicBlockHandle: string | undefined;
      const tag = record.values.findIndex((v, i) => record.codes[i] === 1001 && v.trim() === 'AcDbBlockRepBTag');
      if (tag >= 0) {
        for (let i = tag + 1; i < record.codes.length && record.codes[i] !== 1001; i++) {
          if (record.codes[i] === 1005) dynamicBlockHandle = record.values[i].trim();
        }
      }
      this.sink.blockRecord({ name: this.decode(name), handle: first(5)?.trim(), dynamicBlockHandle });
    }
  }

  private blocksRecord(record: DxfRecord): void {
    if (record.type === 'BLOCK') {
      this.flushComplexEntities();
      const i = record.codes.indexOf(2);
      const name = i < 0 ? '' : this.decode(record.values[i]);
      const flagsAt = record.codes.indexOf(70);
      const upper = name.toUpperCase();
      // Entities of the *Model_Space / *Paper_Space blocks belong to those spaces, not to a reusable block.
      const owner: EntityOwner =
        upper === '*MODEL_SPACE'
          ? MODEL_SPACE
          : upper.startsWith('*PAPER_SPACE')
            ? { space: 'paper', layout: name }
            : { space: 'block', block: name };
      this.block = { name, owner };
      if (owner.space === 'block') {
        const at = (code: number) => {
          const k = record.codes.indexOf(code);
          return k < 0 ? 0 : Number(record.values[k]) || 0;
        };
        this.sink.blockDefinition(name, flagsAt < 0 ? 0 : Number(record.values[flagsAt]), { x: at(10), y: at(20) });
      }
    } else if (record.type === 'ENDBLK') {
      this.flushComplexEntities();
      this.block = undefined;
    } else if (this.block) {
      this.entity(record, this.block.owner);
    }
  }

  private entity(record: DxfRecord, owner: EntityOwner): void {
    switch (record.type) {
      case 'VERTEX':
        if (this.pendingPolyline) addPolylineVertex(this.pendingPolyline.entity, record);
        return;
      case 'ATTRIB':
        if (this.pendingInsert) addInsertAttribute(this.pendingInsert.entity, record, this.decode);
        return;
      case 'SEQEND':
        this.flushComplexEntities();
        return;
    }
    this.flushComplexEntities();
    const entity = decodeEntity(record, this.decode);
    this.entityCount++;
    // A POLYLINE's vertices and an INSERT's attributes follow it as separate records.
    if (entity.type === 'POLYLINE') this.pendingPolyline = { entity, owner };
    else if (entity.type === 'INSERT') this.pendingInsert = { entity, owner };
    else this.sink.entity(entity, owner);
  }

  private flushComplexEntities(): void {
    if (this.pendingPolyline) this.sink.entity(this.pendingPolyline.entity, this.pendingPolyline.owner);
    if (this.pendingInsert) this.sink.entity(this.pendingInsert.entity, this.pendingInsert.owner);
    this.pendingPolyline = undefined;
    this.pendingInsert = undefined;
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    const h = this.headerValues;
    const number = (name: string) => {
      const value = h.get(name);
      const n = value === undefined ? NaN : Number(value);
      return Number.isFinite(n) ? n : undefined;
    };
    const version = h.get('$ACADVER')?.trim();
    this.decodeRaw = rawStringDecoder(version, h.get('$DWGCODEPAGE')?.trim());
    const header: DrawingHeader = {
      version,
      insUnits: number('$INSUNITS'),
      measurement: number('$MEASUREMENT'),
      linearUnitFormat: number('$LUNITS'),
      dimensionDefaults: {
        linearUnitFormat: number('$DIMLUNIT') ?? number('$DIMUNIT'),
        linearScale: number('$DIMLFAC'),
        textSuffix: h.get('$DIMPOST'),
      },
      dimensionStyleName: h.get('$DIMSTYLE')?.trim(),
    };
    this.sink.header(header);
  }
}

const MODEL_SPACE: EntityOwner = { space: 'model' };
const PAPER_SPACE: EntityOwner = { space: 'paper', layout: '*Paper_Space' };

/** AutoCAD 2007 (AC1021) and later write UTF-8; older files use $DWGCODEPAGE. */
function rawStringDecoder(version: string | undefined, codePage: string | undefined): StringDecoder {
  const utf8 = version !== undefined && /^AC\d{4}$/.test(version) && Number(version.slice(2)) >= 1021;
  const label = utf8 ? 'utf-8' : (CODE_PAGES[codePage?.toUpperCase() ?? ''] ?? 'windows-1252');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder('windows-1252');
  }
  return (raw) => decoder.decode(Buffer.from(raw, 'latin1'));
}
