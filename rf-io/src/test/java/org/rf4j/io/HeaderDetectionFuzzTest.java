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
package org.rf4j.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.rf4j.api.RfException;

/**
 * Fuzzing the CSV header detection (jqwik, fixed seed): a first line of names over data lines is a
 * header, whatever the delimiter and however the numbers are written. With points the file reads
 * with those names; with decimal commas (in a semicolon or tab file) it is refused on a data line
 * (line 2 or later) naming the value — never on the header's cell.
 */
class HeaderDetectionFuzzTest {
    private record Table(String delimiter, boolean decimalComma, List<String> names, List<List<Double>> rows) {
        String text() {
            StringBuilder b = new StringBuilder(String.join(delimiter, names)).append('\n');
            for (List<Double> r : rows) {
                for (int j = 0; j < r.size(); j++) {
                    String v = String.format(Locale.ROOT, "%.3f", r.get(j));
                    b.append(j == 0 ? "" : delimiter).append(decimalComma ? v.replace('.', ',') : v);
                }
                b.append('\n');
            }
            return b.toString();
        }
    }

    @Provide
    Arbitrary<Table> tables() {
        Arbitrary<Integer> width = Arbitraries.integers().between(1, 5);
        return width.flatMap(w -> Combinators.combine(
                Arbitraries.of(",", ";", "\t"),
                Arbitraries.of(false, true),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(6).list().ofSize(w).uniqueElements(),
                Arbitraries.doubles().between(-1000, 1000).list().ofSize(w).list().ofMinSize(1).ofMaxSize(5))
                .as((d, comma, names, rows) -> new Table(d, comma && (d.equals("\t") || d.equals(";") && w > 1), names, rows)));
    }

    @Property(tries = 300, seed = "26")
    void namesOverNumbersAreAHeaderAndDecimalCommasAreNamedOnTheirLine(@ForAll("tables") Table t) throws IOException {
        Path p = Files.createTempFile("rf4j-header", t.delimiter().equals("\t") ? ".tsv" : ".csv");
        try {
            Files.writeString(p, t.text(), StandardCharsets.UTF_8);
            try {
                Dataset d = DataFiles.read(p, DataOptions.defaults());
                assertThat(t.decimalComma()).as("decimal commas read as numbers").isFalse();
                assertThat(d.columns()).isEqualTo(t.names());
                assertThat(d.x().rows()).isEqualTo(t.rows().size());
            } catch (RfException e) {
                assertThat(t.decimalComma()).as(e.getMessage()).isTrue();
                assertThat(e.getMessage()).contains(", line 2, column 1: '").doesNotContain("line 1,")
                        .contains("(column '" + t.names().get(0) + "')").contains("decimal comma");
            }
        } finally {
            Files.deleteIfExists(p);
        }
    }
}
