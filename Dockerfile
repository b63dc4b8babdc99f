# One image per process: docker build --build-arg SERVICE=<gateway|identity|projects|documents|ai-chat|estimates|billing|blog>
# Build stage: install everything, compile the back end and the frontend.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY libs/takeoff/package.json libs/takeoff/
COPY gateway/package.json gateway/
COPY frontend/package.json frontend/
COPY services/identity/package.json services/identity/
COPY services/projects/package.json services/projects/
COPY services/documents/package.json services/documents/
COPY services/ai-chat/package.json services/ai-chat/
COPY services/estimates/package.json services/estimates/
COPY services/billing/package.json services/billing/
COPY services/blog/package.json services/blog/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node_modules/.bin/tsc -b && npm run build -w @kerf/frontend

# Production dependencies only.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/platform/package.json libs/platform/
COPY --from=build /app/libs/takeoff/package.json libs/takeoff/
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/frontend/package.json frontend/
COPY --from=build /app/services services-manifests
RUN for s in identity projects documents ai-chat estimates billing blog; do \
      mkdir -p services/$s && cp services-manifests/$s/package.json services/$s/; done \
    && rm -rf services-manifests \
    && npm ci --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ARG SERVICE=gateway
ENV NODE_ENV=production SERVICE=${SERVICE}
# Estimates renders PDFs with Chromium; every other image stays slim.
RUN if [ "$SERVICE" = "estimates" ]; then \
      apt-get update && apt-get install -y --no-install-recommends chromium && rm -rf /var/lib/apt/lists/*; fi
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/proto proto
COPY --from=build /app/libs libs
COPY --from=build /app/gateway gateway
COPY --from=build /app/services services
COPY --from=build /app/frontend/dist frontend/dist
USER node
EXPOSE 8080 50051 50052 50053 50054 50055 50056 50057
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "const s=process.env.SERVICE;if(s==='gateway'){fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))}else{require('net').connect(process.env.GRPC_PORT,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))}"
# The processes that stream uploads start with a small young generation and two malloc arenas
# (processRuntime in libs/contracts, docs/decisions/0012-memory-of-streaming-processes.md).
ENV MALLOC_ARENA_MAX=2
CMD ["sh", "-c", "if [ \"$SERVICE\" = gateway ]; then exec node --max-semi-space-size=2 gateway/dist/src/main.js; elif [ \"$SERVICE\" = documents ]; then exec node --max-semi-space-size=1 services/documents/dist/src/main.js; else exec node services/$SERVICE/dist/src/main.js; fi"]
