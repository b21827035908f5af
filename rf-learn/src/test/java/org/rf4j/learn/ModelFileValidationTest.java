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
package org.rf4j.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.rf4j.RandomFeatures;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;

/**
 * A model file is an input: every field is checked on load, and each bad field is refused with a
 * {@link ModelFileException} whose one line names it. The fuzz property mutates valid model files
 * at random: each mutation is either loaded as a usable model or refused with a domain exception.
 */
class ModelFileValidationTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String CLASSIFIER = trained(true).toJson();
    private static final String REGRESSOR = trained(false).toJson();

    private static RidgeModel trained(boolean classify) {
        Matrix x = Data.gaussian(120, 3, 1);
        Targets t = classify ? Targets.classes(Data.rings(x), List.of("in", "mid", "out"))
                : Targets.values(Data.smoothTarget(x, 0.05, 2));
        return RidgeTrainer.train(RandomFeatures.fromConfig(Data.config("{\"id\": \"trigonometric\"}", "orthogonal", 16, 1.2, 9)),
                x, Data.columns(3), "y", t, RidgeTrainer.Options.fixed(1e-3, 1).withStandardize(true)).model();
    }

    private static ObjectNode tree(String json) {
        try {
            return (ObjectNode) MAPPER.readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void refused(String json, Consumer<ObjectNode> edit, String... fragments) {
        ObjectNode o = tree(json);
        edit.accept(o);
        assertThatThrownBy(() -> RidgeModel.fromJson(o.toString(), "model file m.json"))
                .isInstanceOf(ModelFileException.class)
                .hasMessageStartingWith("model file m.json")
                .hasMessageNotContaining("\n")
                .hasMessageContainingAll(fragments);
    }

    @Test
    void validModelsLoad() {
        assertThat(RidgeModel.fromJson(CLASSIFIER, "m").classes()).containsExactly("in", "mid", "out");
        assertThat(RidgeModel.fromJson(REGRESSOR, "m").task()).isEqualTo(LearningTask.REGRESS);
    }

    @Test
    void nonFiniteWeightsAndInterceptsAreRefusedNamingTheEntry() {
        String bigWeight = CLASSIFIER.replaceFirst("(\"weights\" : \\[ \\[ )[-0-9.Ee]+", "$11e999");
        assertThat(bigWeight).isNotEqualTo(CLASSIFIER);
        assertThatThrownBy(() -> RidgeModel.fromJson(bigWeight, "model file m.json"))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("'weights[0][0]'").hasMessageContaining("finite");
        String bigIntercept = CLASSIFIER.replaceFirst("(\"intercept\" : \\[ )[-0-9.Ee]+", "$1-1e999");
        assertThat(bigIntercept).isNotEqualTo(CLASSIFIER);
        assertThatThrownBy(() -> RidgeModel.fromJson(bigIntercept, "model file m.json"))
                .isInstanceOf(ModelFileException.class).hasMessageContaining("'intercept[0]'").hasMessageContaining("finite");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("weights").get(2)).set(0, TextNode.valueOf("0.5")), "'weights[2][0]'",
                "must be a number");
    }

    @Test
    void nonPositiveOrNonFiniteScalesAndBadMeansAreRefused() {
        for (double bad : new double[] {0.0, -1.0, Double.POSITIVE_INFINITY}) {
            refused(CLASSIFIER, o -> ((ArrayNode) o.get("standardize").get("scale")).set(1, DoubleNode.valueOf(bad)),
                    "'standardize.scale[1]'");
        }
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("standardize").get("mean")).set(0, DoubleNode.valueOf(Double.NaN)),
                "'standardize.mean[0]'");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("standardize").get("scale")).remove(2), "2 scales for 3 columns");
        refused(CLASSIFIER, o -> o.put("standardize", 3), "'standardize'");
    }

    @Test
    void shapesMustAgree() {
        refused(CLASSIFIER, o -> {
            o.putNull("standardize");
            ((ArrayNode) o.get("columns")).add("extra");
        }, "'config' takes 3 inputs", "4");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("columns")).removeAll(), "'columns' is empty");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("columns")).set(1, TextNode.valueOf("x0")), "'columns'", "twice");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("columns")).set(1, IntNode.valueOf(7)), "'columns[1]'");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("classes")).set(1, TextNode.valueOf("in")), "'classes'", "twice");
        refused(CLASSIFIER, o -> ((ArrayNode) o.get("classes")).remove(0), "'classes'");
        refused(CLASSIFIER, o -> {
            ArrayNode w = (ArrayNode) o.get("weights");
            w.remove(w.size() - 1);
            o.put("outputDimension", w.size());
        }, "'config' gives 32 features", "31 rows");
        refused(REGRESSOR, o -> ((ArrayNode) o.get("classes")).add("a"), "regression model");
        refused(CLASSIFIER, o -> o.put("outputs", 0), "'outputs'");
    }

    @Test
    void scalarsVersionTaskAndConfigAreChecked() {
        refused(CLASSIFIER, o -> o.put("lambda", -1.0), "'lambda'");
        refused(CLASSIFIER, o -> o.put("lambda", Double.POSITIVE_INFINITY), "'lambda'");
        refused(CLASSIFIER, o -> o.put("sigma", 0.0), "'sigma'");
        refused(CLASSIFIER, o -> o.put("rf4jVersion", "banana"), "'rf4jVersion'");
        refused(CLASSIFIER, o -> o.put("rf4jVersion", "99.0.0"), "major version 99");
        refused(CLASSIFIER, o -> o.put("task", "cluster"), "'task'", "cluster");
        refused(CLASSIFIER, o -> ((ObjectNode) o.get("config").get("estimator")).put("id", "no-such-estimator"), "'config'",
                "does not resolve");
        refused(CLASSIFIER, o -> o.set("labelColumn", MAPPER.createArrayNode()), "'labelColumn'");
        refused(CLASSIFIER, o -> o.set("cvScore", DoubleNode.valueOf(Double.POSITIVE_INFINITY)), "'cvScore'");
    }

    @Test
    void aKeyGivenTwiceIsRefused() {
        String twice = CLASSIFIER.replaceFirst("\"lambda\"", "\"lambda\" : 5.0, \"lambda\"");
        assertThatThrownBy(() -> RidgeModel.fromJson(twice, "model file m.json")).isInstanceOf(ModelFileException.class)
                .hasMessageContaining("lambda");
        assertThatThrownBy(() -> RidgeModel.fromJson(null, "model file m.json")).isInstanceOf(ModelFileException.class);
    }

    // ---------------------------------------------------------------- fuzz

    /** Every path to a value in the tree (object fields and array elements), capped per array. */
    private static List<List<Object>> paths(JsonNode n, List<Object> prefix, List<List<Object>> out) {
        out.add(prefix);
        if (n.isObject()) {
            n.fieldNames().forEachRemaining(f -> {
                List<Object> p = new ArrayList<>(prefix);
                p.add(f);
                paths(n.get(f), p, out);
            });
        } else if (n.isArray()) {
            for (int i = 0; i < Math.min(n.size(), 3); i++) {
                List<Object> p = new ArrayList<>(prefix);
                p.add(i);
                paths(n.get(i), p, out);
            }
        }
        return out;
    }

    private static final List<JsonNode> REPLACEMENTS = List.of(NullNode.instance, IntNode.valueOf(0), IntNode.valueOf(-1),
            DoubleNode.valueOf(1e308), DoubleNode.valueOf(-0.0), DoubleNode.valueOf(2.5), TextNode.valueOf(""),
            TextNode.valueOf("x"), TextNode.valueOf("1e999"), MAPPER.createArrayNode(), MAPPER.createObjectNode(),
            IntNode.valueOf(Integer.MAX_VALUE), TextNode.valueOf("gaussian"));

    @Provide
    Arbitrary<String> mutatedModel() {
        Arbitrary<String> base = Arbitraries.of(CLASSIFIER, REGRESSOR);
        return base.flatMap(json -> {
            List<List<Object>> ps = paths(tree(json), List.of(), new ArrayList<>());
            Arbitrary<String> structural = Arbitraries.integers().between(0, ps.size() - 1).flatMap(pi ->
                    Arbitraries.integers().between(-1, REPLACEMENTS.size() - 1).map(ri -> {
                        ObjectNode o = tree(json);
                        List<Object> p = ps.get(pi);
                        if (p.isEmpty()) {
                            return "[]";
                        }
                        JsonNode parent = o;
                        for (Object k : p.subList(0, p.size() - 1)) {
                            parent = k instanceof String s ? parent.get(s) : parent.get((Integer) k);
                        }
                        Object last = p.get(p.size() - 1);
                        if (parent instanceof ObjectNode po) {
                            if (ri < 0) {
                                po.remove((String) last);
                            } else {
                                po.set((String) last, REPLACEMENTS.get(ri));
                            }
                        } else if (parent instanceof ArrayNode pa) {
                            if (ri < 0) {
                                pa.remove((Integer) last);
                            } else {
                                pa.set((Integer) last, REPLACEMENTS.get(ri));
                            }
                        }
                        return o.toString();
                    }));
            Arbitrary<String> textual = Arbitraries.integers().between(0, json.length() - 1).flatMap(at ->
                    Arbitraries.of("", "9", "-", "e999", "\"", ",", "]", "}", "null", "0").map(s ->
                            json.substring(0, at) + s + json.substring(Math.min(json.length(), at + 1))));
            return Arbitraries.oneOf(structural, textual);
        });
    }

    /** Any mutation of a valid model file is loaded and usable, or refused with a domain exception. */
    @Property(tries = 400, seed = "26")
    void mutatedModelsLoadValidOrAreRefused(@ForAll("mutatedModel") String json) {
        RidgeModel m;
        try {
            m = RidgeModel.fromJson(json, "model file m.json");
        } catch (RfException e) {
            assertThat(e.getMessage()).startsWith("model file m.json").doesNotContain("\n");
            return;
        }
        Matrix x = Data.gaussian(5, m.inputDimension(), 3);
        for (double v : m.scores(x).data()) {
            assertThat(Double.isFinite(v)).as("finite score").isTrue();
        }
    }
}
