# ddblocal: a DynamoDB-compatible server. A drop-in for amazon/dynamodb-local:
#   docker build -t ddblocal .
#   docker run --rm -p 8000:8000 ddblocal                      # ddblocal's own flags
#   docker run --rm -p 8000:8000 ddblocal -jar DynamoDBLocal.jar -sharedDb -inMemory -port 8000
# Builds from Debian 12 packages; the runtime stage holds only the binary and the shared libraries
# it loads.

FROM debian:bookworm-slim AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      cmake g++ make libboost1.81-dev nlohmann-json3-dev libspdlog-dev zlib1g-dev libssl-dev \
      libmimalloc-dev libzstd-dev \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY CMakeLists.txt ./
COPY engine engine
COPY protocol protocol
COPY server server
COPY console console
COPY scripts/embed_files.cmake scripts/
RUN cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDDB_TESTS=OFF \
 && cmake --build build -j"$(nproc)" --target ddblocal \
 && strip build/ddblocal
COPY docker/collect-runtime.sh /usr/local/bin/
RUN collect-runtime.sh build/ddblocal /rootfs

FROM scratch
COPY --from=build /rootfs/ /
# DynamoDB Local's image works in /home/dynamodblocal, so `-dbPath ./data` there means
# /home/dynamodblocal/data; both that and /data belong to the unprivileged user.
COPY --from=build --chown=65532:65532 /rootfs-data/ /data/
COPY --from=build --chown=65532:65532 /rootfs-data/ /home/dynamodblocal/data/
WORKDIR /home/dynamodblocal
USER 65532:65532
VOLUME /data
EXPOSE 8000
HEALTHCHECK --interval=5s --timeout=3s --retries=3 CMD ["/usr/local/bin/ddblocal", "--health-check"]
ENTRYPOINT ["/usr/local/bin/ddblocal"]
CMD ["--port", "8000"]
