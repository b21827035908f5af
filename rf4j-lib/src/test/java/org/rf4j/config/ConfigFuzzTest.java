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
package org.rf4j.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.rf4j.api.RfException;
import org.rf4j.spi.MechanismRegistry;

/**
 * Fuzzing the config loader (jqwik properties, fixed seeds, bounded tries): any text either parses
 * to a config — which prints and re-parses to an equal config — or is refused with a domain
 * exception ({@link RfException}) and a one-line message. Anything else (a Jackson exception, a
 * {@code ClassCastException}, a {@code NumberFormatException}, a stack overflow) is a crash; the
 * inputs that crashed once are kept as {@link Example}s.
 */
class ConfigFuzzTest {
    private static final ConfigLoader LOADER = new ConfigLoader(MechanismRegistry.discover(), new ObjectMapper());
    private static final Path DIR;

    static {
        try {
            DIR = Files.createTempDirectory("rf4j-config-fuzz");
            Files.writeString(DIR.resolve("d.csv"), "a,b\n1,2\n0.5,-1\n-0.3,0.2\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterContainer
    static void cleanUp() throws IOException {
        Files.deleteIfExists(DIR.resolve("d.csv"));
        Files.deleteIfExists(DIR);
    }

    private static final List<String> VALID = List.of(
            "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.5}, \"estimator\": {\"id\": \"random-features\", "
                    + "\"coupling\": {\"id\": \"simplex\"}, \"features\": {\"id\": \"positive\"}, \"m\": 16}, \"seed\": 7}",
            "{\"estimator\": {\"id\": \"hybrid\", \"base\": [{\"id\": \"random-features\", \"features\": {\"id\": "
                    + "\"hyperbolic\"}, \"m\": 4}, {\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}, "
                    + "\"m\": 4}], \"lambdas\": [{\"id\": \"angular\", \"n\": 4}], \"shareProjections\": false}}",
            "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": "
                    + "\"oprf\"}, \"m\": 8}, \"data\": \"d.csv\"}",
            "{\"estimator\": {\"id\": \"random-features\", \"coupling\": {\"id\": \"givens\"}, \"sampling\": {\"id\": "
                    + "\"optimal\", \"data\": \"d.csv\"}}}");

    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ":", ",", "\"id\"", "\"m\"", "\"sigma\"",
            "\"seed\"", "\"kernel\"", "\"estimator\"", "\"data\"", "\"base\"", "\"lambdas\"", "\"features\"", "\"coupling\"",
            "\"gaussian\"", "\"softmax\"", "\"random-features\"", "\"hybrid\"", "\"positive\"", "\"oprf\"", "\"simplex\"",
            "\"d.csv\"", "\"no.csv\"", "\"/\"", "\"..\"", "0", "-1", "1.5", "1e309", "-1e-320", "2147483648",
            "9223372036854775808", "16777217", "NaN", "Infinity", "null", "true", "false", "\"\"", "\"\\u0000\"", " ",
            "\n", "//x\n", "/*", "'", "xyz", "{}", "[]");

    @Provide
    Arbitrary<String> mutatedConfig() {
        Arbitrary<String> token = Arbitraries.of(TOKENS);
        return Combinators.combine(Arbitraries.of(VALID), Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 6), token.list().ofMaxSize(3)).as((base, at, cut, ins) -> {
                    int pos = at % (base.length() + 1);
                    int end = Math.min(base.length(), pos + cut);
                    return base.substring(0, pos) + String.join("", ins) + base.substring(end);
                });
    }

    @Provide
    Arbitrary<String> tokenSoup() {
        return Arbitraries.of(TOKENS).list().ofMaxSize(30).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> valueSwap() {
        // every parameter position of a valid config with a hostile value
        Arbitrary<String> hostile = Arbitraries.of("0", "-1", "1e309", "-1e-320", "1e-320", "2147483648", "16777217",
                "1.5", "\"8\"", "null", "true", "[]", "{}", "[1, 2]", "\"x\"", "9e18", "-0.0", "4.9e-324");
        return Combinators.combine(Arbitraries.of("sigma", "m", "seed", "n", "shareProjections", "rotations", "depth",
                "rho", "lambda", "p", "s", "A"), hostile, Arbitraries.of(VALID)).as((key, v, base) -> {
                    String k = "\"" + key + "\": ";
                    int i = base.indexOf(k);
                    if (i < 0) {
                        return base.replaceFirst("\"features\": \\{\"id\": \"([a-z]+)\"", "\"features\": {\"id\": \"$1\", "
                                + k.replace("$", "\\$") + v);
                    }
                    int j = i + k.length();
                    int e = j;
                    while (e < base.length() && ",}]".indexOf(base.charAt(e)) < 0) {
                        e++;
                    }
                    return base.substring(0, j) + v + base.substring(e);
                });
    }

    static void parseOrRefuse(String text) {
        RunConfig c;
        try {
            c = LOADER.parse(text, "fuzz.json", DIR);
        } catch (RfException e) {
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        // accepted: the printed form rebuilds an equal config
        String printed = LOADER.write(c);
        RunConfig again = LOADER.parse(printed, "printed", DIR);
        assertThat(again.toPlain()).isEqualTo(c.toPlain());
    }

    @Property(tries = 2000, seed = "15")
    void mutatedConfigsParseOrAreRefused(@ForAll("mutatedConfig") String text) {
        parseOrRefuse(text);
    }

    @Property(tries = 1000, seed = "15")
    void tokenSoupParsesOrIsRefused(@ForAll("tokenSoup") String text) {
        parseOrRefuse(text);
    }

    @Property(tries = 800, seed = "15")
    void hostileParameterValuesAreRefusedByName(@ForAll("valueSwap") String text) {
        parseOrRefuse(text);
    }

    @Example
    void deepNestingIsRefused() {
        parseOrRefuse("[".repeat(5000) + "]".repeat(5000));
        parseOrRefuse("{\"estimator\": " + "{\"id\": \"hybrid\", \"base\": [".repeat(40) + "]}".repeat(40) + "}");
    }
}
