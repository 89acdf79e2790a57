# Multi-stage build: a static twixtbot binary on a minimal image, run as a
# non-root user, with the database on a volume.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/twixtbot ./cmd/twixtbot \
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
