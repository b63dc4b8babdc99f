/** Injection tokens the platform module provides to every service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const S3_CONFIG = Symbol('S3_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const S3_CLIENT = Symbol('S3_CLIENT');
