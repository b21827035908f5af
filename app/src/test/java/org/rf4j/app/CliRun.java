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
package org.rf4j.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/** Runs the rf4j command line in-process and captures its exit code, stdout and stderr. */
public record CliRun(int code, String out, String err) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Runs {@code rf4j args...} with no plugins directory. */
    public static CliRun run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Rf4j.run(args, new PrintWriter(out), new PrintWriter(err),
                Map.of("RF4J_PLUGINS", "target/no-such-plugins-dir"));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** Stdout parsed as one JSON value. */
    public JsonNode json() {
        try {
            return MAPPER.readTree(out);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("stdout is not JSON: " + out, e);
        }
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
