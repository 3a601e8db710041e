import { nanosBig as ns } from "./otlp-json.js";
import type { AttributeValue, Attributes, HistogramData, Producer, SpanData } from "./telemetry-types.js";

// OTLP/HTTP protobuf, the protocol's default: the few messages of opentelemetry-proto that traces and
// histograms need, written with the protobuf wire format directly (field numbers from
// opentelemetry/proto/{trace,metrics,common,resource}/v1/*.proto).

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

  /** A bytes field given as hex (trace and span ids). */
  hex(field: number, value: string): this {
    const length = value.length >>> 1;
    this.tag(field, 2).varint(length).room(length);
    this.pos += this.buf.write(value, this.pos, length, "hex");
    return this;
  }

  string(field: number, value: string): this {
    const length = Buffer.byteLength(value, "utf8");
    this.tag(field, 2).varint(length).room(length);
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

function addAttributes(out: Writer, field: number, attrs: Attributes): Writer {
  for (const key in attrs)
    anyValue(out.open(field).string(1, key).open(2), attrs[key] as AttributeValue)
      .close()
      .close();
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

/** An ExportTraceServiceRequest. */
export function tracesProto(producer: Producer, spans: readonly SpanData[]): Uint8Array {
  const out = resourceAndScope(new Writer(), producer);
  for (const s of spans) {
    out.open(2).hex(1, s.traceId).hex(2, s.spanId);
    if (s.parentSpanId) out.hex(4, s.parentSpanId);
    out.string(5, s.name).uint(6, s.kind).fixed64(7, ns(s.startMs)).fixed64(8, ns(s.endMs));
    addAttributes(out, 9, s.attributes).open(15);
    if (s.status.message) out.string(2, s.status.message);
    if (s.status.code) out.uint(3, s.status.code);
    out.close().close();
  }
  return out.close().close().finish();
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
        .fixed64(2, ns(h.startMs))
        .fixed64(3, ns(nowMs))
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
