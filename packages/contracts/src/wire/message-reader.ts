import {
  type DescField,
  type DescMessage,
  type MessageShape,
  ScalarType,
  create,
  fromBinary,
} from '@bufbuild/protobuf';

/**
 * `fromBinary` for the messages the gateway writes, for about two thirds of its CPU and less
 * garbage (ingestion's hot path): compileCommonReader's answer, or `fromBinary`'s where it has
 * none, so every message reads exactly as `fromBinary` reads it, errors included.
 */
export function compileMessageReader<Desc extends DescMessage>(
  schema: Desc,
): (bytes: Buffer) => MessageShape<Desc> {
  const readCommon = compileCommonReader(schema);
  return (bytes) => readCommon(bytes) ?? fromBinary(schema, bytes);
}

/**
 * The message as `fromBinary` reads it, without a tag tuple, map lookup or view per field, or
 * a TextDecoder call per string; undefined where the bytes leave the common case: a field
 * unknown or sent with another wire type, text that is not well-formed UTF-8 or holds U+FFFD,
 * a number past 49 bits, a singular message sent twice (merged), or bytes cut short. Compiled
 * from the schema, so a field added to the contract needs no change here; field kinds the
 * analytics batch does not use are refused when compiled, at startup.
 */
export function compileCommonReader<Desc extends DescMessage>(
  schema: Desc,
): (bytes: Buffer) => MessageShape<Desc> | undefined {
  const read = messageReader(schema, new Set());
  return (bytes) => {
    try {
      return read(new Input(bytes), bytes.length) as MessageShape<Desc>;
    } catch (error) {
      if (error !== NOT_COMMON) throw error;
      return undefined;
    }
  };
}

type Fields = Record<string, unknown>;
type ReadMessage = (input: Input, end: number) => Fields;
type ReadField = (input: Input, end: number, message: Fields) => void;
type ReadValue = (input: Input, end: number) => unknown;

/** Thrown where the bytes leave the common case. */
const NOT_COMMON = new Error('not the common case');

const VARINT = 0;
const LENGTH_DELIMITED = 2;
/** `fromBinary` refuses a tag of more bytes than a uint32 takes. */
const MAX_TAG_BYTES = 5;
/** Up to 49 bits: exact as a double, so no BigInt arithmetic while reading. */
const MAX_VARINT_BYTES = 7;
const MAX_UINT32 = 0xffffffff;

class Input {
  pos = 0;

  constructor(readonly bytes: Buffer) {}

  varint(end: number, maxBytes = MAX_VARINT_BYTES): number {
    const bytes = this.bytes;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < maxBytes && this.pos < end; i++) {
      const byte = bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
    throw NOT_COMMON;
  }

  /** The end of the length-delimited part that starts here, within `end`. */
  delimited(end: number): number {
    const length = this.varint(end);
    if (length > end - this.pos) throw NOT_COMMON;
    return this.pos + length;
  }

  /**
   * Text as `fromBinary` decodes it: valid UTF-8 decodes the same either way, and Node's decoder
   * puts U+FFFD wherever the bytes are not UTF-8, so text holding one is left to `fromBinary`
   * (which refuses invalid UTF-8). A one-byte string cannot hold it: the check is nearly free.
   */
  string(end: number): string {
    const stop = this.delimited(end);
    // No encoding named: UTF-8 then, without the lookup of a name.
    const text = this.bytes.toString(undefined, this.pos, stop);
    if (text.includes('\ufffd')) throw NOT_COMMON;
    this.pos = stop;
    return text;
  }
}

/** How each scalar type the reader knows is read after its tag; others are refused. */
const SCALARS: Partial<Record<ScalarType, { wireType: number; read: ReadValue }>> = {
  [ScalarType.STRING]: { wireType: LENGTH_DELIMITED, read: (input, end) => input.string(end) },
  [ScalarType.BOOL]: {
    wireType: VARINT,
    read: (input, end) => {
      const value = input.varint(end);
      if (value > 1) throw NOT_COMMON;
      return value === 1;
    },
  },
  [ScalarType.UINT32]: {
    wireType: VARINT,
    read: (input, end) => {
      const value = input.varint(end);
      if (value > MAX_UINT32) throw NOT_COMMON;
      return value;
    },
  },
  [ScalarType.INT64]: { wireType: VARINT, read: (input, end) => BigInt(input.varint(end)) },
};

function messageReader(schema: DescMessage, compiling: Set<DescMessage>): ReadMessage {
  if (compiling.has(schema)) throw unsupported(schema.toString());
  compiling.add(schema);
  // The zero message as `create` makes it (its members in order), copied for each message.
  const zero = create(schema) as Fields;
  if (Object.getPrototypeOf(zero) !== Object.prototype) throw unsupported(schema.toString());
  const listNames = schema.fields
    .filter((field) => field.fieldKind === 'list')
    .map((field) => field.localName);
  const oneofNames = schema.oneofs.map((oneof) => oneof.localName);
  // Indexed by the whole tag, so a field sent with another wire type is not found.
  const byTag: ReadField[] = [];
  for (const field of schema.fields) {
    const { wireType, read } = fieldReader(field, compiling);
    byTag[(field.number << 3) | wireType] = read;
  }
  compiling.delete(schema);
  return (input, end) => {
    const message = { ...zero };
    for (let i = 0; i < listNames.length; i++) message[listNames[i]!] = [];
    for (let i = 0; i < oneofNames.length; i++) message[oneofNames[i]!] = { case: undefined };
    while (input.pos < end) {
      const read = byTag[input.varint(end, MAX_TAG_BYTES)];
      if (read === undefined) throw NOT_COMMON;
      read(input, end, message);
    }
    return message;
  };
}

function fieldReader(
  field: DescField,
  compiling: Set<DescMessage>,
): { wireType: number; read: ReadField } {
  const { wireType, read: readValue } = valueReader(field, compiling);
  const name = field.localName;
  if (field.fieldKind === 'list') {
    return {
      wireType,
      read: (input, end, message) => {
        (message[name] as unknown[]).push(readValue(input, end));
      },
    };
  }
  // A singular message sent twice is merged by `fromBinary`: left to it.
  const once = field.fieldKind === 'message';
  if (field.oneof) {
    const oneof = field.oneof.localName;
    return {
      wireType,
      read: (input, end, message) => {
        if (once && (message[oneof] as { case?: string }).case === name) throw NOT_COMMON;
        message[oneof] = { case: name, value: readValue(input, end) };
      },
    };
  }
  return {
    wireType,
    read: (input, end, message) => {
      if (once && message[name] !== undefined) throw NOT_COMMON;
      message[name] = readValue(input, end);
    },
  };
}

function valueReader(
  field: DescField,
  compiling: Set<DescMessage>,
): { wireType: number; read: ReadValue } {
  if (field.fieldKind === 'scalar') {
    // A 64-bit field read as text (jstype = JS_STRING) is fromBinary's alone.
    const scalar = field.longAsString ? undefined : SCALARS[field.scalar];
    if (scalar) return scalar;
    throw unsupported(field.toString());
  }
  // Singular and list message fields; a map's values are messages too, and are refused.
  if (field.fieldKind === 'map' || !field.message || field.delimitedEncoding) {
    throw unsupported(field.toString());
  }
  const readChild = messageReader(field.message, compiling);
  return {
    wireType: LENGTH_DELIMITED,
    read: (input, end) => readChild(input, input.delimited(end)),
  };
}

function unsupported(what: string): Error {
  return new Error(`compileMessageReader: ${what} is of a kind it does not read; use fromBinary`);
}
