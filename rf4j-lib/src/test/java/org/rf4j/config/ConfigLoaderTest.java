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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.spi.MechanismRegistry;


/** The config contract: parse, defaults, errors with JSON paths, relative data files, round trip. */
class ConfigLoaderTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ConfigLoader loader = new ConfigLoader(MechanismRegistry.discover(), mapper);

    @TempDir
    Path dir;

    @Test
    void roundTripConfigObjectConfig() throws IOException {
        Path c = dir.resolve("c.json");
        Files.writeString(c, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2}, "
                + "\"estimator\": {\"id\": \"random-features\", \"features\": {\"id\": \"trigonometric\"}}, \"seed\": 9}");
        RunConfig first = loader.load(c);
        assertThat(first.kernel()).isEqualTo(Kernel.gaussian(2.0));
        assertThat(first.seed()).isEqualTo(9);
        String written = loader.write(first);
        // The written config is the understood one, defaults filled in.
        Map<?, ?> plain = mapper.readValue(written, Map.class);
        assertThat(((Map<?, ?>) plain.get("estimator")).get("m")).isEqualTo(64);
        assertThat(((Map<?, ?>) ((Map<?, ?>) plain.get("estimator")).get("coupling")).get("id")).isEqualTo("iid");
        assertThat(((Map<?, ?>) plain.get("kernel")).get("sigma")).isEqualTo(2.0);
        // config -> object -> config is a fixed point, also through a file.
        Path again = dir.resolve("again.json");
        loader.write(first, again);
        RunConfig second = loader.load(again);
        assertThat(second.toPlain()).isEqualTo(first.toPlain());
        assertThat(second.estimator().spec()).isEqualTo(first.estimator().spec());
        assertThat(loader.write(second)).isEqualTo(written);
    }

    @Test
    void roundTripOfNestedHybridAndSamplingConfigs() throws IOException {
        Files.writeString(dir.resolve("d.csv"), "a,b,c\n0.1,0.2,0.3\n-0.2,0.1,0.0\n0.3,0.3,0.1\n");
        String[] configs = {
            "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"hybrid\", \"base\": ["
                    + "{\"id\": \"random-features\", \"m\": 8}, {\"id\": \"random-features\", \"features\": "
                    + "{\"id\": \"trigonometric\"}, \"m\": 8}], \"lambdas\": [{\"id\": \"angular\", \"n\": 4}]}}",
            "{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\", \"m\": 8, "
                    + "\"sampling\": {\"id\": \"optimal\", \"data\": \"d.csv\"}}}",
        };
        for (String json : configs) {
            Path c = dir.resolve("nested.json");
            Files.writeString(c, json);
            RunConfig first = loader.load(c);
            Path again = dir.resolve("nested-again.json");
            loader.write(first, again);
            RunConfig second = loader.load(again);
            assertThat(second.toPlain()).isEqualTo(first.toPlain());
            assertThat(loader.write(second)).isEqualTo(loader.write(first));
        }
    }

    @Test
    void defaultsWhenKeysAreAbsent() {
        RunConfig c = loader.parse("{\"estimator\": {\"id\": \"random-features\"}}", "t", dir);
        assertThat(c.kernel()).isEqualTo(Kernel.gaussian(1.0));
        assertThat(c.seed()).isEqualTo(ConfigLoader.DEFAULT_SEED);
        assertThat(c.toPlain().keySet()).containsExactly("kernel", "estimator", "seed");
        RunConfig sm = loader.parse("{\"kernel\": {\"id\": \"softmax\"}, \"estimator\": {\"id\": \"random-features\"}}",
                "t", dir);
        assertThat(sm.kernel()).isEqualTo(Kernel.softmax());
    }

    /**
     * The bundled default's σ is fitted from data ({@code "median"}): the front door reads it, and this
     * data-free loader refuses the rule naming the key rather than guessing a number.
     */
    @Test
    void bundledDefaultParses() {
        String understood = org.rf4j.RandomFeatures.defaultConfig().toConfig();
        assertThat(understood).contains("\"sigma\" : \"median\"").contains("random-features").contains("\"seed\" : 42");
        assertThatThrownBy(loader::loadDefault).isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.sigma").hasMessageContaining("'median' is a length scale fitted from data");
    }

    @Test
    void errorsNameThePathValueAndAllowed() {
        assertThatThrownBy(() -> loader.parse("{\"estimator\": {\"id\": \"random-features\", \"coupling\": {}}}", "f.json",
                dir)).isInstanceOf(ConfigException.class).hasMessageContaining("f.json")
                .hasMessageContaining("estimator.coupling.id");
        assertThatThrownBy(() -> loader.parse("[1, 2]", "f.json", dir)).hasMessageContaining("JSON object");
        assertThatThrownBy(() -> loader.parse("", "f.json", dir)).hasMessageContaining("empty");
        assertThatThrownBy(() -> loader.parse("{}", "f.json", dir)).hasMessageContaining("estimator")
                .hasMessageContaining("required");
        assertThatThrownBy(() -> loader.parse("{\"estimator\": {\"id\": \"random-features\"}, \"kernel\": "
                + "{\"id\": \"softmax\", \"sigma\": 1}}", "f.json", dir)).hasMessageContaining("kernel.sigma");
    }

    @Test
    void dataFilesResolveRelativeToTheConfigFolder() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Files.writeString(sub.resolve("q.csv"), "a,b\n1,2\n3,4\n5,6\n");
        Files.writeString(sub.resolve("k.csv"), "1,0\n0,1\n");
        Files.writeString(sub.resolve("c.json"), "{\"estimator\": {\"id\": \"random-features\"}, "
                + "\"data\": {\"query\": \"q.csv\", \"key\": \"k.csv\"}}");
        RunConfig c = loader.load(sub.resolve("c.json"));
        assertThat(c.data().query().rows()).isEqualTo(3);
        assertThat(c.data().key().rows()).isEqualTo(2);
        assertThat(c.data().query().get(2, 1)).isEqualTo(6.0);
        assertThat(c.toPlain().get("data")).isEqualTo(Map.of("query", "q.csv", "key", "k.csv"));
        Files.writeString(sub.resolve("bad.json"), "{\"estimator\": {\"id\": \"random-features\"}, \"data\": \"none.csv\"}");
        assertThatThrownBy(() -> loader.load(sub.resolve("bad.json"))).hasMessageContaining("data = 'none.csv'")
                .hasMessageContaining("does not exist");
    }

    @Test
    void mechanismDataFilesAreReadByTheLoaderAndReachTheFitStage() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("cfg"));
        Files.writeString(sub.resolve("x.csv"), "0.5,0.1,-0.3\n0.2,0.4,0.1\n-0.1,0.3,0.6\n0.7,-0.2,0.2\n");
        Files.writeString(sub.resolve("c.json"), "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2.0}, \"estimator\": "
                + "{\"id\": \"hybrid\", \"base\": [{\"id\": \"random-features\", \"features\": {\"id\": \"oprf\","
                + " \"data\": \"x.csv\", \"dataScale\": 0.5}}, {\"id\": \"clustering-hybrid\", \"queryData\": \"x.csv\","
                + " \"keyData\": \"x.csv\", \"m\": 4}], \"lambdas\": [{\"id\": \"angular\"}]}}");
        RunConfig c = loader.load(sub.resolve("c.json"));
        // read relative to the config's folder, keyed by the full config path of the parameter
        assertThat(c.files()).containsOnlyKeys("estimator.base[0].features.data", "estimator.base[1].queryData",
                "estimator.base[1].keyData");
        assertThat(c.files().get("estimator.base[0].features.data").rows()).isEqualTo(4);
        assertThat(c.estimator().needsFit()).isTrue();
        RunConfig fitted = c.fit();
        assertThat(fitted.estimator().needsFit()).isFalse();
        String json = loader.write(fitted);
        assertThat(json).doesNotContain("x.csv").contains("\"rho\"").contains("\"queryCentres\"");
        // ρ* from the file times dataScale, in kernel coordinates (÷ σ)
        org.rf4j.api.mechanism.DataSample file = org.rf4j.api.mechanism.DataSample.symmetric(
                c.files().get("estimator.base[0].features.data").scaled(0.5 / 2.0));
        assertThat(json).contains(Double.toString(org.rf4j.theory.GeneralizedFeatureTheory.rhoStar(
                file.statistics().meanPairSquaredNorm(1), 3)));
        // the fitted config rebuilds from anywhere, without the file, and draws the same features
        RunConfig again = loader.parse(json, "again", dir.resolve("elsewhere"));
        assertThat(again.files()).isEmpty();
        double[] x = {0.3, 0.1, -0.2};
        double[] y = {0.2, -0.1, 0.4};
        assertThat(again.estimator().draw(again.kernel(), 3, 5).estimate(x, y))
                .isEqualTo(fitted.estimator().draw(fitted.kernel(), 3, 5).estimate(x, y));
        // a missing file is named by its config key and file name
        Files.writeString(sub.resolve("bad.json"), "{\"estimator\": {\"id\": \"random-features\", \"features\": "
                + "{\"id\": \"oprf\", \"data\": \"none.csv\"}}}");
        assertThatThrownBy(() -> loader.load(sub.resolve("bad.json")))
                .hasMessageContaining("estimator.features.data = 'none.csv'").hasMessageContaining("does not exist");
    }

    @Test
    void fittedConfigCarriesTheFittedValuesAndRebuildsWithoutData() throws IOException {
        Files.writeString(dir.resolve("x.csv"), "0.5,0.1,-0.3\n0.2,0.4,0.1\n-0.1,0.3,0.6\n0.7,-0.2,0.2\n");
        RunConfig c = loader.parse("{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 2.0}, \"estimator\": "
                + "{\"id\": \"random-features\", \"features\": {\"id\": \"oprf\"}, \"m\": 8}, \"data\": \"x.csv\"}",
                "c.json", dir);
        assertThat(c.estimator().needsFit()).isTrue();
        RunConfig fitted = c.fit();
        assertThat(fitted.estimator().needsFit()).isFalse();
        @SuppressWarnings("unchecked")
        Map<String, Object> features = (Map<String, Object>) ((Map<String, Object>) fitted.toPlain().get("estimator"))
                .get("features");
        assertThat(features).containsKey("rho");
        Map<String, Object> plain = new java.util.LinkedHashMap<>(fitted.toPlain());
        plain.remove("data");
        RunConfig again = loader.fromPlain(plain, "again", dir.resolve("elsewhere"));
        assertThat(again.estimator().needsFit()).isFalse();
        double[] x = {0.3, 0.1, -0.2};
        double[] y = {0.2, -0.1, 0.4};
        assertThat(again.estimator().draw(again.kernel(), 3, 5).estimate(x, y))
                .isEqualTo(fitted.estimator().draw(fitted.kernel(), 3, 5).estimate(x, y));
    }

    @Test
    void theKernelIsResolvedThroughTheRegistry() {
        assertThatThrownBy(() -> loader.parse("{\"kernel\": {\"id\": \"gausian\"}, \"estimator\": "
                + "{\"id\": \"random-features\"}}", "f.json", dir)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("kernel.id").hasMessageContaining("'gausian' is not known")
                .hasMessageContaining("[arc-cosine, chi2, exponential, gaussian, laplacian, matern, polynomial, rational-quadratic, skewed-chi2, softmax]");
        assertThatThrownBy(() -> loader.parse("{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 0}, \"estimator\": "
                + "{\"id\": \"random-features\"}}", "f.json", dir)).hasMessageContaining("kernel.sigma")
                .hasMessageContaining("> 0");
        assertThat(loader.parse("{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 3}, \"estimator\": "
                + "{\"id\": \"random-features\"}}", "f.json", dir).kernel()).isEqualTo(Kernel.gaussian(3));
    }
}
