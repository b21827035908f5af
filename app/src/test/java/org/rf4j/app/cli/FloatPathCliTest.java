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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * {@code --precision float} checks what it computes: a row with an entry of 3e38 (inside float's
 * range) whose float projection overflows gets the double path's features rounded once, never NaN;
 * a row whose features do not fit float is refused naming the file and line; an entry beyond
 * float's range is named by its 1-based line and column and the column's name.
 */
class FloatPathCliTest {
    @TempDir
    Path dir;

    private CliRun transform(String config, Path in, Path out, String precision) throws IOException {
        Path c = Files.writeString(dir.resolve("c.json"), config);
        return CliRun.run("transform", "--config", c.toString(), "--input", in.toString(), "--output", out.toString(),
                "--precision", precision);
    }

    @Test
    void aHugeFiniteEntryGivesTheDoubleFeaturesRoundedOnce() throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), "a,b,c\n0.5,-0.25,1\n3e38,3e38,-3e38\n0.1,0.2,0.3\n");
        String cfg = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}, \"seed\": 3}";
        CliRun f = transform(cfg, in, dir.resolve("f.csv"), "float");
        assertThat(f.code()).as(f.toString()).isZero();
        // the double path at the same (float-rounded) inputs
        String wide = Double.toString((double) 3e38f);
        Path same = Files.writeString(dir.resolve("same.csv"), "a,b,c\n0.5,-0.25,1\n" + wide + "," + wide + ",-" + wide
                + "\n0.1,0.2,0.3\n");
        CliRun d = transform(cfg, same, dir.resolve("d.csv"), "double");
        assertThat(d.code()).as(d.toString()).isZero();
        List<String> fl = Files.readAllLines(dir.resolve("f.csv"));
        List<String> dl = Files.readAllLines(dir.resolve("d.csv"));
        assertThat(String.join("\n", fl)).doesNotContain("NaN").doesNotContain("Infinity");
        String[] fr = fl.get(2).split(",");
        String[] dr = dl.get(2).split(",");
        for (int j = 0; j < fr.length; j++) {
            assertThat(Float.parseFloat(fr[j])).isEqualTo((float) Double.parseDouble(dr[j]));
        }
    }

    /** A float transform of {@code data} with a config of m = 8 that must be refused in one line; the input's path. */
    private Path refused(String data, String kernel, String message) throws IOException {
        Path in = Files.writeString(dir.resolve("in.csv"), data);
        String cfg = "{\"kernel\": " + kernel + ", \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}, \"seed\": 3}";
        CliRun f = transform(cfg, in, dir.resolve("f.csv"), "float");
        assertThat(f.code()).as(f.toString()).isEqualTo(2);
        assertThat(f.err()).startsWith("rf4j: " + in + message).hasLineCount(1);
        assertThat(dir.resolve("f.csv")).doesNotExist();
        return in;
    }

    @Test
    void aRowWhoseFeaturesDoNotFitFloatIsRefusedWithFileAndLine() throws IOException {
        Path in = refused("a,b\n0.1,0.2\n# a comment\n15,0\n", "{\"id\": \"softmax\"}", ", line 4");
        assertThat(transform("{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}, \"seed\": 3}", in, dir.resolve("f.csv"), "float")
                .err()).contains("its feature 1 (1-based) = ");
    }

    @Test
    void anEntryBeyondFloatNamesItsOneBasedColumnAndName() throws IOException {
        refused("a,b\n0.1,0.2\n1,1e39\n", "{\"id\": \"gaussian\", \"sigma\": 1.0}", ", line 3, column 2: 1.0E39 (column 'b')");
    }

    @Test
    void anEntryBeyondFloatAfterALabelColumnNamesItsColumnInTheFile() throws IOException {
        refused("label,a,b\nx,0.1,0.2\ny,1,1e39\n", "{\"id\": \"gaussian\", \"sigma\": 1.0}",
                ", line 3, column 3: 1.0E39 (column 'b')");
    }

    @Test
    void anArffEntryBeyondFloatAfterANominalAttributeNamesItsAttribute() throws IOException {
        Path in = Files.writeString(dir.resolve("in.arff"), "@relation r\n@attribute colour {red,blue}\n"
                + "@attribute a numeric\n@attribute b numeric\n@attribute class {x,y}\n@data\nred,0.1,0.2,x\n"
                + "blue,1e39,1,y\n");
        String cfg = "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"features\": {\"id\": \"trigonometric\"}, \"m\": 8}, \"seed\": 3}";
        CliRun f = transform(cfg, in, dir.resolve("f.csv"), "float");
        assertThat(f.code()).as(f.toString()).isEqualTo(2);
        assertThat(f.err()).startsWith("rf4j: " + in + ", line 8, column 2: 1.0E39 (column 'a')").hasLineCount(1);
    }
}
