import {
  type DescField,
  type DescMessage,
  type MessageShape,
  ScalarType,
} from '@bufbuild/protobuf';

/**
 * A message's wire bytes exactly as `toBinary` writes them (a spec holds it on every field of
 * the analytics batch), for about half its CPU (`npm run bench:event-writer`): `toBinary` grows
 * and copies a fresh 128-byte buffer per call and copies it again to finish, where this writes
 * into one reused scratch buffer and copies out once. Compiled from the schema, so a field
 * added to the contract needs no change here; field kinds no hot message uses (maps, packed
 * lists, fixed-width and zigzag integers, groups) are refused when compiled, at startup.
 */
export function compileMessageWriter<Desc extends DescMessage>(
  schema: Desc,
): (message: MessageShape<Desc>) => Buffer {
  const write = fieldsWriter(schema, new Map());
  return (message) => {
    scratch.pos = 0;
    write(scratch, message as unknown as Fields);
    return Buffer.from(scratch.bytes.subarray(0, scratch.pos));
  };
}

type Fields = Record<string, unknown> & {
  $unknown?: { no: number; wireType: number; data: Uint8Array }[];
};
type Write = (out: Scratch, message: Fields) => void;
type WriteValue = (out: Scratch, value: never) => void;

const LENGTH_DELIMITED = 2;
const VARINT = 0;
const BIT64 = 1;
const BIT32 = 5;
/** Proto3's implicit presence: a field is written unless it holds its type's zero value. */
const IMPLICIT = 2;
const LEGACY_REQUIRED = 3;
/** Strings up to this many UTF-16 units are copied by hand when ASCII; longer ones by Buffer. */
const HAND_COPY_MAX = 127;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

class Scratch {
  bytes = Buffer.allocUnsafe(64 * 1024);
  pos = 0;

  reserve(size: number): void {
    if (this.pos + size <= this.bytes.length) return;
    let length = this.bytes.length * 2;
    while (length < this.pos + size) length *= 2;
    const grown = Buffer.allocUnsafe(length);
    this.bytes.copy(grown, 0, 0, this.pos);
    this.bytes = grown;
  }

  varint32(value: number): void {
    this.reserve(5);
    const bytes = this.bytes;
    let pos = this.pos;
    while (value > 0x7f) {
      bytes[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    bytes[pos++] = value;
    this.pos = pos;
  }

  /** A 64-bit varint; negative values as their 64-bit two's complement, as protobuf has it. */
  varint64(value: bigint | number | string): void {
    let big = typeof value === 'bigint' ? value : BigInt(value);
    this.reserve(10);
    if (big >= 0n && big <= MAX_SAFE) {
      // Times in milliseconds: Number arithmetic, not BigInt's, which allocates at every step.
      let number = Number(big);
      while (number > 0x7f) {
        // `&` keeps the low 32 bits of the number, so its low 7 bits are right.
        this.bytes[this.pos++] = (number & 0x7f) | 0x80;
        number = Math.floor(number / 128);
      }
      this.bytes[this.pos++] = number;
      return;
    }
    big = BigInt.asUintN(64, big);
    while (big > 0x7fn) {
      this.bytes[this.pos++] = Number(big & 0x7fn) | 0x80;
      big >>= 7n;
    }
    this.bytes[this.pos++] = Number(big);
  }

  string(value: string): void {
    const length = value.length;
    if (length <= HAND_COPY_MAX) {
      this.reserve(length + 1);
      const bytes = this.bytes;
      let pos = this.pos + 1;
      let i = 0;
      for (; i < length; i++) {
        const code = value.charCodeAt(i);
        if (code > 0x7f) break;
        bytes[pos++] = code;
      }
      if (i === length) {
        bytes[this.pos] = length;
        this.pos = pos;
        return;
      }
    }
    const byteLength = Buffer.byteLength(value, 'utf8');
    this.varint32(byteLength);
    this.reserve(byteLength);
    this.pos += this.bytes.write(value, this.pos, byteLength, 'utf8');
  }

  /** A field's tag, one or two bytes: copied by hand, cheaper than a native copy. */
  tag(tag: Uint8Array): void {
    this.reserve(tag.length);
    for (let i = 0; i < tag.length; i++) this.bytes[this.pos++] = tag[i]!;
  }

  raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.pos);
    this.pos += data.length;
  }

  /** Starts a length-delimited part: one byte is kept for its length (see `endDelimited`). */
  startDelimited(): number {
    this.reserve(1);
    return this.pos++;
  }

  /** Writes the length of the part started at `start`, widening its room when it is longer. */
  endDelimited(start: number): void {
    const length = this.pos - start - 1;
    const prefix = varint32Size(length);
    if (prefix > 1) {
      this.reserve(prefix - 1);
      this.bytes.copyWithin(start + prefix, start + 1, this.pos);
      this.pos += prefix - 1;
    }
    const end = this.pos;
    this.pos = start;
    this.varint32(length);
    this.pos = end;
  }
}

const scratch = new Scratch();

function varint32Size(value: number): number {
  let size = 1;
  while (value > 0x7f) {
    value >>>= 7;
    size++;
  }
  return size;
}

function tagBytes(field: DescField, wireType: number): Uint8Array {
  const bytes: number[] = [];
  let tag = ((field.number << 3) | wireType) >>> 0;
  while (tag > 0x7f) {
    bytes.push((tag & 0x7f) | 0x80);
    tag >>>= 7;
  }
  bytes.push(tag);
  return Uint8Array.from(bytes);
}

function fieldsWriter(schema: DescMessage, compiled: Map<DescMessage, Write>): Write {
  const known = compiled.get(schema);
  if (known) return known;
  const writers: Write[] = [];
  // Registered first, so that a message type that holds itself resolves here.
  const write: Write = (out, message) => {
    for (let i = 0; i < writers.length; i++) writers[i]!(out, message);
    const unknown = message.$unknown;
    if (unknown !== undefined) {
      for (const { no, wireType, data } of unknown) {
        out.varint32(((no << 3) | wireType) >>> 0);
        out.raw(data);
      }
    }
  };
  compiled.set(schema, write);
  const byNumber = [...schema.fields].sort((a, b) => a.number - b.number);
  for (const field of byNumber) writers.push(fieldWriter(field, compiled));
  return write;
}

function fieldWriter(field: DescField, compiled: Map<DescMessage, Write>): Write {
  const name = field.localName;
  if (field.fieldKind === 'map') throw unsupported(field);
  if (field.fieldKind === 'list') {
    const writeItem =
      field.listKind === 'message'
        ? messageValue(field, compiled)
        : field.listKind === 'scalar' &&
            (field.scalar === ScalarType.STRING || field.scalar === ScalarType.BYTES)
          ? scalarValue(field, field.scalar)
          : undefined;
    if (!writeItem) throw unsupported(field);
    return (out, message) => {
      const list = message[name] as never[];
      for (let i = 0; i < list.length; i++) writeItem(out, list[i]!);
    };
  }
  const writeValue =
    field.fieldKind === 'message'
      ? messageValue(field, compiled)
      : scalarValue(field, field.fieldKind === 'enum' ? ScalarType.INT32 : field.scalar);
  if (field.oneof) {
    const oneof = field.oneof.localName;
    return (out, message) => {
      const chosen = message[oneof] as { case?: string; value?: unknown };
      if (chosen.case === name) writeValue(out, chosen.value as never);
    };
  }
  if (field.fieldKind === 'message' || field.presence !== IMPLICIT) {
    const required = field.presence === LEGACY_REQUIRED;
    return (out, message) => {
      const value = message[name];
      if (value !== undefined && Object.prototype.hasOwnProperty.call(message, name)) {
        writeValue(out, value as never);
      } else if (required) {
        throw new Error(`cannot encode ${field.toString()} to binary: required field not set`);
      }
    };
  }
  const isZero = zeroTest(field);
  return (out, message) => {
    const value = message[name];
    if (!isZero(value)) writeValue(out, value as never);
  };
}

/** Proto3's zero value of the field's type, told as `toBinary` tells it. */
function zeroTest(field: DescField): (value: unknown) => boolean {
  if (field.fieldKind === 'enum') {
    const zero = field.enum.values[0]!.number;
    return (value) => value === zero;
  }
  switch (field.scalar) {
    case ScalarType.STRING:
      return (value) => value === '';
    case ScalarType.BOOL:
      return (value) => value === false;
    case ScalarType.BYTES:
      return (value) => value instanceof Uint8Array && value.byteLength === 0;
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return (value) => Object.is(value, 0);
    default:
      // Loose equality, as toBinary has it: 0, 0n and "0" are all zero.
      return (value) => value == 0;
  }
}

function messageValue(field: DescField, compiled: Map<DescMessage, Write>): WriteValue {
  if (!field.message || field.delimitedEncoding) throw unsupported(field);
  const schema = field.message;
  const tag = tagBytes(field, LENGTH_DELIMITED);
  let write: Write | undefined;
  return (out, value: Fields) => {
    // Compiled on first use: the message may be the one still being compiled.
    write ??= fieldsWriter(schema, compiled);
    out.tag(tag);
    const start = out.startDelimited();
    write(out, value);
    out.endDelimited(start);
  };
}

function scalarValue(field: DescField, scalar: ScalarType | undefined): WriteValue {
  switch (scalar) {
    case ScalarType.STRING: {
      const tag = tagBytes(field, LENGTH_DELIMITED);
      return (out, value: string) => {
        out.tag(tag);
        out.string(value);
      };
    }
    case ScalarType.BYTES: {
      const tag = tagBytes(field, LENGTH_DELIMITED);
      return (out, value: Uint8Array) => {
        out.tag(tag);
        out.varint32(value.length);
        out.raw(value);
      };
    }
    case ScalarType.BOOL: {
      const tag = tagBytes(field, VARINT);
      return (out, value: boolean) => {
        out.tag(tag);
        out.varint32(value ? 1 : 0);
      };
    }
    case ScalarType.UINT32: {
      const tag = tagBytes(field, VARINT);
      return (out, value: number) => {
        if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
          throw new Error(`cannot encode ${field.toString()} to binary: invalid uint32: ${value}`);
        }
        out.tag(tag);
        out.varint32(value);
      };
    }
    case ScalarType.INT32: {
      const tag = tagBytes(field, VARINT);
      return (out, value: number) => {
        if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) {
          throw new Error(`cannot encode ${field.toString()} to binary: invalid int32: ${value}`);
        }
        out.tag(tag);
        if (value >= 0) out.varint32(value);
        else out.varint64(value);
      };
    }
    case ScalarType.INT64:
    case ScalarType.UINT64: {
      const tag = tagBytes(field, VARINT);
      return (out, value: bigint | number | string) => {
        out.tag(tag);
        out.varint64(value);
      };
    }
    case ScalarType.DOUBLE: {
      const tag = tagBytes(field, BIT64);
      return (out, value: number) => {
        out.tag(tag);
        out.reserve(8);
        out.pos = out.bytes.writeDoubleLE(value, out.pos);
      };
    }
    case ScalarType.FLOAT: {
      const tag = tagBytes(field, BIT32);
      return (out, value: number) => {
        out.tag(tag);
        out.reserve(4);
        out.pos = out.bytes.writeFloatLE(value, out.pos);
      };
    }
    default:
      throw unsupported(field);
  }
}

function unsupported(field: DescField): Error {
  return new Error(
    `compileMessageWriter: ${field.toString()} is of a kind it does not write; use toBinary`,
  );
}
