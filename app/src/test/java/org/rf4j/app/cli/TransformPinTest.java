/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.Matrix;
import org.rf4j.app.CliRun;
import org.rf4j.io.DataFiles;
import org.rf4j.io.DataOptions;

/**
 * Pins {@code rf4j transform}'s output bits for a config of every built-in mechanism (the
 * data-driven ones fitted to the fixed query/key sample in {@code pin/}), on both sides, and
 * {@code rf4j mechanisms --json} byte for byte (with each provider's {@code location}, a path on the
 * build machine, replaced by a placeholder). The expected values were generated from the code; a
 * change that moves them changes what users get for the same config and seed.
 *
 * <p>To regenerate after an intended change: {@code -Drf4j.pin.write=DIR} writes
 * {@code expected.txt} and {@code mechanisms.json} into DIR (then copy them into
 * {@code src/test/resources/pin/} and say why in the commit).
 */
class TransformPinTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** A config whose name ends with {@code -nonnegative} reads {@code input-nonnegative.csv} (|input.csv|). */
    private static final List<String> DATA_FILES = List.of("input.csv", "query.csv", "key.csv", "input-nonnegative.csv");

    @TempDir
    Path dir;

    @Test
    void transformOutputIsPinnedForEveryBuiltInMechanism() throws IOException {
        for (String f : DATA_FILES) {
            Files.writeString(dir.resolve(f), resource(f));
        }
        JsonNode configs = MAPPER.readTree(resource("configs.json"));
        Map<String, String> actual = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = configs.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            Path config = dir.resolve(e.getKey() + ".json");
            Files.writeString(config, MAPPER.writeValueAsString(e.getValue()));
            for (String side : List.of("query", "key")) {
                Path out = dir.resolve(e.getKey() + "-" + side + ".npy");
                CliRun r = CliRun.run("transform", "--config", config.toString(), "--input",
                        dir.resolve(e.getKey().endsWith("-nonnegative") ? "input-nonnegative.csv" : "input.csv").toString(),
                        "--output", out.toString(), "--side", side);
                assertThat(r.code()).as(e.getKey() + " " + side + ": " + r).isZero();
                actual.put(e.getKey() + " " + side, sha256(DataFiles.read(out, DataOptions.defaults()).x()));
            }
        }
        StringBuilder text = new StringBuilder();
        actual.forEach((k, v) -> text.append(k).append(' ').append(v).append('\n'));
        write("expected.txt", text.toString());
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : resource("expected.txt").split("\n")) {
            int space = line.lastIndexOf(' ');
            expected.put(line.substring(0, space), line.substring(space + 1));
        }
        List<String> moved = new ArrayList<>();
        expected.forEach((k, v) -> {
            if (!v.equals(actual.get(k))) {
                moved.add(k);
            }
        });
        assertThat(moved).as("transform outputs whose bits moved").isEmpty();
        assertThat(actual.keySet()).containsExactlyElementsOf(expected.keySet());
    }

    @Test
    void everyBuiltInMechanismHasAPinnedConfig() throws IOException {
        JsonNode providers = MAPPER.readTree(mechanismsJson()).get("providers");
        TreeSet<String> ids = new TreeSet<>();
        providers.forEach(p -> ids.add(p.get("id").asText()));
        TreeSet<String> used = new TreeSet<>();
        collectIds(MAPPER.readTree(resource("configs.json")), used);
        assertThat(used).containsAll(ids);
    }

    @Test
    void mechanismsJsonIsPinnedByteForByte() throws IOException {
        String actual = mechanismsJson();
        write("mechanisms.json", actual);
        assertThat(actual).isEqualTo(resource("mechanisms.json"));
    }

    /** {@code rf4j mechanisms --json} with every provider's {@code location} replaced by a placeholder. */
    private static String mechanismsJson() throws IOException {
        CliRun r = CliRun.run("mechanisms", "--json");
        assertThat(r.code()).as(r.toString()).isZero();
        String out = r.out().replaceAll("(\"location\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*\"", "$1\"<location>\"");
        assertThat(MAPPER.readTree(out).get("providers")).isNotEmpty();
        return out;
    }

    private static void collectIds(JsonNode n, TreeSet<String> ids) {
        if (n.isObject()) {
            JsonNode id = n.get("id");
            if (id != null && id.isTextual()) {
                ids.add(id.asText());
            }
            n.forEach(c -> collectIds(c, ids));
        } else if (n.isArray()) {
            n.forEach(c -> collectIds(c, ids));
        }
    }

    /** SHA-256 of the shape and the raw bits of every double, row-major. */
    private static String sha256(Matrix m) {
        ByteBuffer b = ByteBuffer.allocate(8 + 8 * m.data().length);
        b.putInt(m.rows()).putInt(m.cols());
        for (double v : m.data()) {
            b.putLong(Double.doubleToRawLongBits(v));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TransformPinTest.class.getResourceAsStream("/pin/" + name)) {
            assertThat(in).as("test resource pin/" + name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void write(String name, String text) throws IOException {
        String to = System.getProperty("rf4j.pin.write");
        if (to != null) {
            Files.createDirectories(Path.of(to));
            Files.writeString(Path.of(to, name), text);
        }
    }
}
