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
package org.rf4j.app.plugins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import org.rf4j.app.Rf4j;

/** Runs {@code rf4j} in-process with a plugins directory; exit code, stdout and stderr. */
record PluginCli(int code, String out, String err) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static PluginCli run(Path plugins, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Rf4j.run(args, new PrintWriter(out), new PrintWriter(err), Map.of("RF4J_PLUGINS", plugins.toString()));
        return new PluginCli(code, out.toString(), err.toString());
    }

    JsonNode json() {
        try {
            return MAPPER.readTree(out);
        } catch (IOException e) {
            throw new UncheckedIOException("stdout is not JSON: " + out, e);
        }
    }

    /** The {@code rf4j mechanisms --json} entry of a kind and id, or null. */
    JsonNode provider(String kind, String id) {
        for (JsonNode p : json().get("providers")) {
            if (p.get("kind").asText().equals(kind) && p.get("id").asText().equals(id)) {
                return p;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
