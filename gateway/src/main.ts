import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError, PinoNestLogger, createLogger, loadConfig } from '@kerf/platform/edge';
import { configureAnswers } from '@kerf/contracts/http';
import { gatewayConfigSchema, type GatewayConfig } from './config';
import { AppModule } from './app.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { requestContextHook } from './http/request-context.hook';
import { csrfGuard } from './http/csrf';
import { securityHeaders } from './http/security-headers';
import { isApiRequest } from './http/api-route';
import { refuseNulText } from './http/nul-text';
import { clientErrorHandler, frameworkErrorAnswer } from './http/framework-errors';
import { HealthController } from './health/health.controller';
import { SessionResolver } from './auth/session-cookie';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

async function bootstrap() {
  let config: GatewayConfig;
  try {
    config = loadConfig(gatewayConfigSchema) as GatewayConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`kerf gateway: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger('gateway', config.LOG_LEVEL);
  // A service answering fields a route's schema does not describe: a failure under test, a warning in use.
  configureAnswers({
    unknownKeys: config.NODE_ENV === 'test' ? 'throw' : 'warn',
    warn: (message, details) => logger.warn(details, message),
  });
  const staticDir = resolve(config.STATIC_DIR || resolve(__dirname, '../../../frontend/dist'));

  let headers: Record<string, string> = {};
  const adapter = new FastifyAdapter({
    bodyLimit: config.JSON_BODY_LIMIT,
    // A URL the router cannot read (bad escape, a path parameter over 100 characters) is
    // answered here, before any hook: in the one error shape, never echoing the URL.
    frameworkErrors: (error: { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = frameworkErrorAnswer(error);
      void reply
        .headers(headers)
        .header('x-request-id', request.id)
        .header('cache-control', 'no-store')
        .status(status)
        .send(body);
    },
    clientErrorHandler,
    // The nearest TRUST_PROXY hops may name the client (what Fastify does with a number).
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY,
    // A request id from a trusted caller is kept so logs join up; otherwise a new one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    logger: new PinoNestLogger(logger),
    rawBody: true,
  });

  const fastify = app.getHttpAdapter().getInstance();
  headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the sheet viewer's pdf.js decodes JPEG 2000 and JBIG2 images with WebAssembly.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.NODE_ENV === 'production',
  });
  // Every answer carries the security headers and its request id (set here, once, in a
  // synchronous hook: an async onSend hook cost each request a promise). API answers hold
  // a user's data or an error: no cache keeps them (a route may say otherwise, e.g. the blog).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(fastifyCookie);
  // Uploads stream part by part (never buffered); the documents service enforces the size limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 1024 * 1024 * 1024 + 1, files: 50, fields: 20, fieldSize: 1024 },
  });
  // Pages and JSON go out compressed; the app's own files are compressed at build time (preCompressed below).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  fastify.addHook('onRequest', csrfGuard(config.ALLOWED_ORIGINS, ['/api/billing/webhook']));
  fastify.addHook('onRequest', app.get(SessionResolver).hook());
  fastify.addHook('preValidation', refuseNulText);
  fastify.addHook('preHandler', requestContextHook);
  // One line per answered request, at info; at a quieter level the hook is not there at all.
  if (logger.isLevelEnabled('info')) {
    fastify.addHook('onResponse', (request, reply, done) => {
      logger.info(
        {
          requestId: request.id,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }

  const hasSpa = existsSync(resolve(staticDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      // Hashed build output never changes under its name; index.html must always be checked.
      setHeaders: (reply, path) => {
        if (path.includes(`${sep}assets${sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  } else {
    logger.warn({ staticDir }, 'no built frontend found; serving the API only');
  }
  app.useGlobalFilters(new ApiExceptionFilter(logger, hasSpa ? staticDir : undefined));

  await app.listen(config.PORT, config.HOST);
  logger.info({ port: config.PORT }, `gateway listening on ${config.APP_URL}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway shutting down');
    app.get(HealthController).markShuttingDown();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

void bootstrap();
