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
 * added to the contract needs no change here; field kinds the analytics batch does not use
 * (maps, scalar lists, enums, bytes, 32-bit signed and floating-point numbers, groups) are refused
 * when compiled, at startup.
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
/** Proto3's implicit presence: a field is written unless it holds its type's zero value. */
const IMPLICIT = 2;
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
  varint64(value: bigint): void {
    this.reserve(10);
    if (value >= 0n && value <= MAX_SAFE) {
      // Times in milliseconds: Number arithmetic, not BigInt's, which allocates at every step.
      let number = Number(value);
      while (number > 0x7f) {
        // `&` keeps the low 32 bits of the number, so its low 7 bits are right.
        this.bytes[this.pos++] = (number & 0x7f) | 0x80;
        number = Math.floor(number / 128);
      }
      this.bytes[this.pos++] = number;
      return;
    }
    let big = BigInt.asUintN(64, value);
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
  if (field.fieldKind === 'list' && field.listKind === 'message') {
    const writeItem = messageValue(field, compiled);
    return (out, message) => {
      const list = message[name] as never[];
      for (let i = 0; i < list.length; i++) writeItem(out, list[i]!);
    };
  }
  const writeValue =
    field.fieldKind === 'message'
      ? messageValue(field, compiled)
      : field.fieldKind === 'scalar'
        ? scalarValue(field)
        : undefined;
  if (!writeValue) throw unsupported(field);
  if (field.oneof) {
    const oneof = field.oneof.localName;
    return (out, message) => {
      const chosen = message[oneof] as { case?: string; value?: unknown };
      if (chosen.case === name) writeValue(out, chosen.value as never);
    };
  }
  if (field.fieldKind !== 'scalar' || field.presence !== IMPLICIT) {
    return (out, message) => {
      const value = message[name];
      if (value !== undefined && Object.prototype.hasOwnProperty.call(message, name)) {
        writeValue(out, value as never);
      }
    };
  }
  const isZero = zeroTest(field.scalar);
  return (out, message) => {
    const value = message[name];
    if (!isZero(value)) writeValue(out, value as never);
  };
}

/** Proto3's zero value of the field's type, told as `toBinary` tells it. */
function zeroTest(scalar: ScalarType): (value: unknown) => boolean {
  if (scalar === ScalarType.STRING) return (value) => value === '';
  if (scalar === ScalarType.BOOL) return (value) => value === false;
  // Loose equality, as toBinary has it: 0, 0n and "0" are all zero.
  return (value) => value == 0;
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

/** How each scalar type the writer knows is written after its tag; others are refused. */
const SCALARS: Partial<
  Record<
    ScalarType,
    { wireType: number; write: (out: Scratch, value: never, field: DescField) => void }
  >
> = {
  [ScalarType.STRING]: {
    wireType: LENGTH_DELIMITED,
    write: (out, value: string) => out.string(value),
  },
  [ScalarType.BOOL]: {
    wireType: VARINT,
    write: (out, value: boolean) => out.varint32(value ? 1 : 0),
  },
  [ScalarType.UINT32]: {
    wireType: VARINT,
    write: (out, value: number, field) => {
      if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
        throw new Error(`cannot encode ${field.toString()} to binary: invalid uint32: ${value}`);
      }
      out.varint32(value);
    },
  },
  [ScalarType.INT64]: { wireType: VARINT, write: (out, value: bigint) => out.varint64(value) },
};

function scalarValue(field: DescField): WriteValue | undefined {
  const scalar = field.scalar === undefined ? undefined : SCALARS[field.scalar];
  if (!scalar) return undefined;
  const tag = tagBytes(field, scalar.wireType);
  return (out, value) => {
    out.tag(tag);
    scalar.write(out, value, field);
  };
}

function unsupported(field: DescField): Error {
  return new Error(
    `compileMessageWriter: ${field.toString()} is of a kind it does not write; use toBinary`,
  );
}
