import type { AttributeValue, Attributes, HistogramData, Producer, SpanData } from "./telemetry-types.js";

// OTLP/HTTP protobuf, the protocol's default: the few messages of opentelemetry-proto that traces and
// histograms need, written with the protobuf wire format directly (field numbers from
// opentelemetry/proto/{trace,metrics,common,resource}/v1/*.proto).

const TWO_32 = 2 ** 32;
/** Hex digit values by character code (ids are lowercase hex; uppercase is read too). */
const HEX = new Uint8Array(128);
for (let d = 0; d < 16; d++) {
  HEX["0123456789abcdef".charCodeAt(d)] = d;
  HEX["0123456789ABCDEF".charCodeAt(d)] = d;
}

/** Bytes kept in front of a nested message for its length: a varint of up to 2^35. */
const LENGTH_ROOM = 5;

/**
 * A protobuf message written into one growing buffer. A nested message (`open` … `close`) gets room
 * for its length in front; `close` writes the length there and moves the message down over the room
 * it did not need. No buffer per field, no copy per nesting level beyond that one move.
 */
class Writer {
  private buf = Buffer.allocUnsafe(4096);
  private pos = 0;
  private readonly open_: number[] = [];

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  private varint(value: number | bigint): this {
    this.room(10);
    if (typeof value === "number" && value >= 0 && value < 0x10000000) {
      let v = value;
      while (v > 0x7f) {
        this.buf[this.pos++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      this.buf[this.pos++] = v;
      return this;
    }
    let v = BigInt.asUintN(64, BigInt(value));
    while (v > 0x7fn) {
      this.buf[this.pos++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.pos++] = Number(v);
    return this;
  }

  private tag(field: number, wire: 0 | 1 | 2): this {
    return this.varint((field << 3) | wire);
  }

  uint(field: number, value: number | bigint): this {
    return this.tag(field, 0).varint(value);
  }

  fixed64(field: number, value: bigint): this {
    this.tag(field, 1).room(8);
    this.pos = this.buf.writeBigUInt64LE(value, this.pos);
    return this;
  }

  double(field: number, value: number): this {
    this.tag(field, 1).room(8);
    this.pos = this.buf.writeDoubleLE(value, this.pos);
    return this;
  }

  /** A fixed64 field of nanoseconds given as epoch milliseconds (fractional), without a bigint. */
  nanos(field: number, ms: number): this {
    // ms · 10⁶ passes 2^53: the 64 bits are put together from two exact halves.
    const whole = Math.floor(ms);
    const high = Math.floor(whole / TWO_32);
    const low = (whole - high * TWO_32) * 1e6 + Math.round((ms - whole) * 1e6); // < 2^53: exact
    const carry = Math.floor(low / TWO_32);
    this.tag(field, 1).room(8);
    this.buf.writeUInt32LE(low - carry * TWO_32, this.pos);
    this.buf.writeUInt32LE(high * 1e6 + carry, this.pos + 4);
    this.pos += 8;
    return this;
  }

  /** A bytes field given as hex (trace and span ids: always valid hex). */
  hex(field: number, value: string): this {
    const length = value.length >>> 1;
    this.tag(field, 2).varint(length).room(length);
    for (let i = 0; i < length; i++)
      this.buf[this.pos++] =
        ((HEX[value.charCodeAt(2 * i)] as number) << 4) | (HEX[value.charCodeAt(2 * i + 1)] as number);
    return this;
  }

  // Most strings here are short ASCII (attribute keys, method and tool names, ids): copied by hand,
  // which costs less than asking the runtime for the byte length and then to encode.
  string(field: number, value: string): this {
    this.tag(field, 2);
    const n = value.length;
    if (n < 128) {
      this.room(1 + n);
      const start = this.pos + 1;
      let i = 0;
      for (; i < n; i++) {
        const c = value.charCodeAt(i);
        if (c >= 0x80) break;
        this.buf[start + i] = c;
      }
      if (i === n) {
        this.buf[this.pos] = n;
        this.pos = start + n;
        return this;
      }
    }
    const length = Buffer.byteLength(value, "utf8");
    this.varint(length).room(length);
    this.pos += this.buf.write(value, this.pos, length, "utf8");
    return this;
  }

  /** Starts a nested message in `field`; `close` ends it. */
  open(field: number): this {
    this.tag(field, 2).room(LENGTH_ROOM);
    this.pos += LENGTH_ROOM;
    this.open_.push(this.pos);
    return this;
  }

  close(): this {
    const start = this.open_.pop() as number;
    const length = this.pos - start;
    const at = start - LENGTH_ROOM;
    // The length in the room before the message (≤ 5 bytes: a buffer is under 2^32 bytes).
    let v = length;
    this.pos = at;
    while (v > 0x7f) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
    if (this.pos !== start) this.buf.copyWithin(this.pos, start, start + length);
    this.pos += length;
    return this;
  }

  /** Bytes already encoded (a cached field), as they are. */
  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
    return this;
  }

  /** A packed repeated fixed64 or double field. */
  packed(field: number, values: readonly number[], as: "fixed64" | "double"): this {
    this.tag(field, 2)
      .varint(values.length * 8)
      .room(values.length * 8);
    for (const v of values)
      this.pos =
        as === "double"
          ? this.buf.writeDoubleLE(v, this.pos)
          : this.buf.writeBigUInt64LE(BigInt(v), this.pos);
    return this;
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

function anyValue(out: Writer, v: AttributeValue): Writer {
  if (typeof v === "string") return out.string(1, v);
  if (typeof v === "boolean") return out.uint(2, v ? 1 : 0);
  return Number.isInteger(v) ? out.uint(3, v) : out.double(4, v);
}

/**
 * Whole KeyValue messages of string attributes, encoded once per key and value: a span repeats most
 * of its attributes (method, transport, session, tool, operation) from the span before (issue 26's
 * overhead budget: two spans per gateway call), as attributes of a span or a data point (field 9).
 * A key whose values keep changing (a request id) is given up after VALUES_PER_KEY values and encoded
 * each time; so is any key past MAX_KEYS, and any value longer than MAX_VALUE (recorded content).
 */
const encodedPairs = new Map<string, Map<string, Uint8Array> | null>();
const ATTRIBUTES = 9;
const MAX_KEYS = 64;
const VALUES_PER_KEY = 32;
const MAX_VALUE = 128;

function encodedPair(key: string, value: string): Uint8Array | undefined {
  let values = encodedPairs.get(key);
  if (values === null) return undefined;
  const known = values?.get(value);
  if (known) return known;
  if (!values) {
    if (encodedPairs.size >= MAX_KEYS) return undefined;
    encodedPairs.set(key, (values = new Map()));
  } else if (values.size >= VALUES_PER_KEY) {
    encodedPairs.set(key, null);
    return undefined;
  }
  const bytes = Uint8Array.from(pair(new Writer(), ATTRIBUTES, key, value).finish());
  values.set(value, bytes);
  return bytes;
}

/** One KeyValue in `field`: { key, value: AnyValue }. */
function pair(out: Writer, field: number, key: string, value: AttributeValue): Writer {
  return anyValue(out.open(field).string(1, key).open(2), value).close().close();
}

function addAttributes(out: Writer, field: number, attrs: Attributes): Writer {
  for (const key in attrs) {
    const value = attrs[key] as AttributeValue;
    const encoded =
      field === ATTRIBUTES && typeof value === "string" && value.length <= MAX_VALUE
        ? encodedPair(key, value)
        : undefined;
    if (encoded) out.raw(encoded);
    else pair(out, field, key, value);
  }
  return out;
}

/**
 * The resource and scope fields of one producer, encoded once: every export of a process repeats
 * them (the resource's attributes are most of a small batch's fields).
 */
const encodedProducers = new WeakMap<Producer, { resource: Uint8Array; scope: Uint8Array }>();

function encodedProducer(p: Producer): { resource: Uint8Array; scope: Uint8Array } {
  let known = encodedProducers.get(p);
  if (!known) {
    const resource = addAttributes(new Writer().open(1), 1, p.resource).close().finish();
    const scope = new Writer().open(1).string(1, p.scope.name).string(2, p.scope.version).close().finish();
    known = { resource: Uint8Array.from(resource), scope: Uint8Array.from(scope) };
    encodedProducers.set(p, known);
  }
  return known;
}

/** Opens ResourceX { resource, ScopeX { scope … } }: the caller writes the items and closes twice. */
function resourceAndScope(out: Writer, p: Producer): Writer {
  const { resource, scope } = encodedProducer(p);
  return out.open(1).raw(resource).open(2).raw(scope);
}

/**
 * An ExportTraceServiceRequest written span by span, as each span ends: what waits for the next
 * export is one buffer of bytes, not hundreds of span objects that the young-generation GC would copy
 * and promote while they wait (issue 26's overhead budget: two spans per gateway call).
 */
export class ProtoTraceBatch {
  private readonly out: Writer;

  constructor(producer: Producer) {
    this.out = resourceAndScope(new Writer(), producer);
  }

  add(s: SpanData): void {
    const out = this.out;
    out.open(2).hex(1, s.traceId).hex(2, s.spanId);
    if (s.parentSpanId) out.hex(4, s.parentSpanId);
    out.string(5, s.name).uint(6, s.kind).nanos(7, s.startMs).nanos(8, s.endMs);
    addAttributes(out, 9, s.attributes).open(15);
    if (s.status.message) out.string(2, s.status.message);
    if (s.status.code) out.uint(3, s.status.code);
    out.close().close();
  }

  /** The request's bytes; nothing may be added after. */
  finish(): Uint8Array {
    return this.out.close().close().finish();
  }
}

/** An ExportTraceServiceRequest. */
export function tracesProto(producer: Producer, spans: readonly SpanData[]): Uint8Array {
  const batch = new ProtoTraceBatch(producer);
  for (const s of spans) batch.add(s);
  return batch.finish();
}

/** An ExportMetricsServiceRequest of histograms (cumulative temporality: 2). */
export function metricsProto(
  producer: Producer,
  histograms: readonly HistogramData[],
  nowMs: number,
): Uint8Array {
  const out = resourceAndScope(new Writer(), producer);
  for (const h of histograms) {
    out.open(2).string(1, h.name).string(2, h.description).string(3, h.unit).open(9);
    for (const p of h.points) {
      out
        .open(1)
        .nanos(2, h.startMs)
        .nanos(3, nowMs)
        .fixed64(4, BigInt(p.count))
        .double(5, p.sum)
        .packed(6, p.bucketCounts, "fixed64")
        .packed(7, h.bounds, "double");
      addAttributes(out, 9, p.attributes);
      out.double(11, p.min).double(12, p.max).close();
    }
    out.uint(2, 2).close().close();
  }
  return out.close().close().finish();
}
