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
package org.rf4j.embed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;


/** The embedding example finds the built-ins with plain ServiceLoader and estimates correctly. */
class EmbedTest {

    private static String[] run(int expectedCode, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Embed.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String o = out.toString(StandardCharsets.UTF_8);
        String e = err.toString(StandardCharsets.UTF_8);
        assertThat(code).as(o + e).isEqualTo(expectedCode);
        return new String[] {o, e};
    }

    @Test
    void serviceLoaderFindsTheBuiltIns() {
        assertThat(run(0, "mechanisms")[0]).contains("coupling  iid", "features  positive", "estimator random-features",
                "features  oprf", "estimator hybrid", "sampling  optimal");
    }

    @Test
    void estimatesTheGaussianKernelWithTheClosedFormMse() {
        for (String features : new String[] {"positive", "trigonometric"}) {
            Map<String, Double> r = parse(run(0, "estimate", "--features", features, "--m", "16", "--trials", "3000",
                    "--sigma", "1.5", "--x", "0.3,-0.2,0.5", "--y", "0.1,0.4,-0.2")[0]);
            assertThat(Math.abs(r.get("mean") - r.get("exact"))).as(features + " " + r)
                    .isLessThan(4 * r.get("meanStdErr"));
            assertThat(Math.abs(r.get("mse") - r.get("theoryMse"))).as(features + " " + r)
                    .isLessThan(4 * r.get("mseStdErr"));
        }
    }

    @Test
    void badInputIsAnErrorNamingTheKey() {
        assertThat(run(2, "estimate", "--features", "nope")[1]).contains("estimator.features", "nope", "positive");
        assertThat(run(2, "estimate", "--x", "1,NaN", "--y", "1,2")[1]).contains("x");
        assertThat(run(2, "estimate", "--x", "1,2", "--y", "1")[1]).contains("y");
        assertThat(run(2, "frobnicate")[1]).contains("command", "frobnicate", "mechanisms or estimate");
    }

    private static Map<String, Double> parse(String out) {
        Map<String, Double> m = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] kv = line.trim().split(" ", 2);
            if (kv.length == 2 && !kv[0].equals("config")) {
                m.put(kv[0], Double.parseDouble(kv[1]));
            }
        }
        return m;
    }
}
