# syntax=docker/dockerfile:1
# Production image for `graph-api serve` and `graph-api worker` (see docker-compose.yml).

# ---- build: full dependencies, compile TypeScript, then drop dev dependencies
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && rm -rf dist/test \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: compiled code, production dependencies, the Cypher files and sample data
FROM node:22-slim
ENV NODE_ENV=production \
    PORT=8080
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Loaded at run time relative to dist/ (cypher/ and redis/ by name, seed/ by `graph-api seed`).
COPY --from=build /app/cypher ./cypher
COPY --from=build /app/redis ./redis
# Neo4j Browser guides, served at /guides/ (docs/data-engineers.md).
COPY --from=build /app/guides ./guides
COPY --from=build /app/seed ./seed
COPY --from=build /app/data ./data
# The image's unprivileged `node` user; the app writes nothing inside the image.
USER node
EXPOSE 8080
CMD ["node", "dist/src/cli.js", "serve"]
