import { PROTO_ROOT } from '@kerf/contracts';

/**
 * Channelz (grpc-js's live call statistics for a debugging UI Kerf does not
 * run) costs every call its bookkeeping: servers and clients turn it off.
 */
export const GRPC_COMMON_OPTIONS = { 'grpc.enable_channelz': 0 };

/**
 * Options of every gRPC client channel: quick reconnects, and answers up to
 * 32 MB (grpc-js refuses over 4 MB by default; a large drawing's analysis can
 * come near that).
 */
export const GRPC_CLIENT_CHANNEL_OPTIONS = {
  ...GRPC_COMMON_OPTIONS,
  'grpc.initial_reconnect_backoff_ms': 200,
  'grpc.max_reconnect_backoff_ms': 5_000,
  'grpc.max_receive_message_length': 32 * 1024 * 1024,
};

/** proto-loader options shared by servers and clients, matching ts-proto's generated types. */
export const PROTO_LOADER_OPTIONS = {
  includeDirs: [PROTO_ROOT],
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  // No virtual oneof fields: proto3 `optional` is a synthetic oneof, and with this
  // on every decoded message carried `_field: 'field'` keys into the JSON answers.
  oneofs: false,
};
