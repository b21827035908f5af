#!/usr/bin/env bash
# Builds this example against the installed rf4j artifacts and runs it in local[2] on one JVM,
# with the JVM options Spark's own launcher adds on JDK 17+.
# Usage (after `./mvnw -B install -DskipTests` in the rf4j root): ./run.sh [data.csv] [config.json]
set -euo pipefail
cd "$(dirname "$0")"
[[ -n "${RF4J_SKIP_BUILD:-}" ]] || ../../mvnw -B -q package
exec java -XX:+IgnoreUnrecognizedVMOptions --add-modules=jdk.incubator.vector \
  --add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
  --add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
  --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
  --add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED -Djdk.reflect.useDirectMethodHandle=false \
  -Dio.netty.tryReflectionSetAccessible=true --enable-native-access=ALL-UNNAMED \
  -Dspark.master='local[2]' -Dspark.ui.enabled=false -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 \
  -cp "target/classes:target/lib-all/*" org.rf4j.examples.spark.SparkPipelineExample "$@"
