# Multi-stage build: a static twixtbot binary on a minimal image, run as a
# non-root user, with the database on a volume.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The build context has no .git (see .dockerignore), so Go cannot stamp the
# revision: say the version here, e.g.
#   docker build --build-arg VERSION=$(git describe --always --dirty) .
# and twixtbot --version prints it.
ARG VERSION=
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X main.buildVersion=${VERSION}" -o /out/twixtbot ./cmd/twixtbot \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/twixtbot /twixtbot
COPY --from=build --chown=nonroot:nonroot /out/data /data
USER nonroot:nonroot
ENV TWIXTBOT_DB=/data/twixtbot.db
VOLUME ["/data"]
# Used only in HTTP interactions mode (TWIXTBOT_HTTP_ADDR=:8080).
EXPOSE 8080
ENTRYPOINT ["/twixtbot"]
