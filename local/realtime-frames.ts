/**
 * The Realtime frames the stand-in does not serve, recognised so that each is refused at once
 * instead of left to a client's timeout: protocol 1.0.0's JSON objects and protocol 2.0.0's binary
 * user broadcast pushes (how realtime-js sends a client broadcast).
 */

/** The refusals of what the stand-in cannot serve, answered at once (docs/local-stack.md). */
export const UNSUPPORTED_V1 =
  'Realtime protocol 1.0.0 is not implemented by the local Supabase stand-in: connect with vsn=2.0.0';
export const UNSUPPORTED_BROADCAST =
  'client broadcast is not implemented by the local Supabase stand-in (database broadcasts only)';

export interface V1Frame {
  topic: string;
  event: string;
  ref?: string | null;
  join_ref?: string | null;
}

export function isV1Frame(frame: unknown): frame is V1Frame {
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return false;
  const { topic, event } = frame as Record<string, unknown>;
  return typeof topic === 'string' && typeof event === 'string';
}

/** join_ref, ref and topic of a binary user broadcast push (realtime-js' serializer), or null. */
export function binaryPushHead(bytes: Buffer): (string | null)[] | null {
  const USER_BROADCAST_PUSH = 3;
  if (bytes.length < 7 || bytes[0] !== USER_BROADCAST_PUSH) return null;
  const [joinRefLength, refLength, topicLength] = [bytes[1]!, bytes[2]!, bytes[3]!];
  let offset = 7;
  const field = (length: number) => {
    const value = bytes.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return value;
  };
  if (bytes.length < offset + joinRefLength + refLength + topicLength) return null;
  const joinRef = field(joinRefLength);
  const ref = field(refLength);
  const topic = field(topicLength);
  return [joinRef || null, ref || null, topic];
}
