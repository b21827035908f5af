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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.Rf4j;

class EvaluateCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Rf4j.run(args, new PrintWriter(out), new PrintWriter(err), Map.of());
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void embeddedClassificationDefaultPrintsJsonWithEveryField() throws Exception {
        Path report = dir.resolve("report.html");
        Run r = run("evaluate", "--m", "4,16", "--seeds", "2", "--json", "--report", report.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty(); // no console in tests: no progress bar
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.get("task").asText()).isEqualTo("classify");
        assertThat(j.get("metric").asText()).isEqualTo("test accuracy");
        assertThat(j.get("higherIsBetter").asBoolean()).isTrue();
        assertThat(j.get("kernel").get("id").asText()).isEqualTo("gaussian");
        assertThat(j.get("featureCounts").toString()).isEqualTo("[4,16]");
        assertThat(j.get("seeds").asInt()).isEqualTo(2);
        assertThat(j.get("seed").asLong()).isEqualTo(42);
        assertThat(j.get("reference").asDouble()).isBetween(0.5, 1.0);
        assertThat(j.get("report").asText()).isEqualTo(report.toString());
        JsonNode series = j.get("series");
        assertThat(series.size()).isGreaterThanOrEqualTo(2);
        JsonNode first = series.get(0);
        assertThat(first.get("label").asText()).isEqualTo("iid/positive");
        assertThat(first.get("estimator").get("id").asText()).isEqualTo("random-features");
        JsonNode p = first.get("points").get(0);
        assertThat(p.get("m").asInt()).isEqualTo(4);
        assertThat(p.get("values").size()).isEqualTo(2);
        assertThat(p.has("mean") && p.has("std") && p.has("seconds") && p.has("theory")).isTrue();
        assertThat(j.get("notes").toString()).contains("bandwidth search");
        String html = Files.readString(report, StandardCharsets.UTF_8);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg").contains("iid/positive");
        try (var s = Files.list(dir)) {
            assertThat(s).containsExactly(report); // atomic write leaves no temporary file behind
        }
    }

    @Test
    void gramWithConfigFilesPrintsATableWithTheory() throws Exception {
        Path a = dir.resolve("pos.json");
        Files.writeString(a, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"iid\"}, \"features\": {\"id\": \"positive\"}, \"m\": 64}, \"seed\": 1}");
        Path b = dir.resolve("trig.json");
        Files.writeString(b, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": 1.0}, \"estimator\": {\"id\": \"random-features\","
                + " \"coupling\": {\"id\": \"iid\"}, \"features\": {\"id\": \"trigonometric\"}, \"m\": 64}, \"seed\": 1}");
        Run r = run("evaluate", "--task", "gram", "--config", a.toString(), b.toString(), "--m", "8,32", "--seeds", "2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Gram matrix approximation").contains("pos").contains("trig")
                .contains("relative squared Frobenius error");
        assertThat(r.out().lines().filter(l -> l.startsWith("pos ") || l.startsWith("trig "))).hasSize(4);
    }

    /**
     * A config whose sigma is a rule ("median", "scale") runs as it does in transform and fit: the rule is
     * fitted to the rows the kernel sees, and the number is the one the front door's fit(X) gives, bit for bit.
     */
    @Test
    void aBandwidthRuleIsFittedToTheTasksRowsAsTheFrontDoorFitsIt() throws Exception {
        double[][] x = new double[24][];
        java.util.Random g = new java.util.Random(7);
        StringBuilder csv = new StringBuilder("a,b,c\n");
        for (int i = 0; i < x.length; i++) {
            x[i] = new double[] {40 * g.nextGaussian(), 3 * g.nextGaussian(), 100 + g.nextGaussian()};
            csv.append(x[i][0]).append(',').append(x[i][1]).append(',').append(x[i][2]).append('\n');
        }
        Path data = dir.resolve("raw.csv");
        Files.writeString(data, csv);
        for (String rule : List.of("median", "scale")) {
            Path cfg = dir.resolve(rule + ".json");
            Files.writeString(cfg, "{\"kernel\": {\"id\": \"gaussian\", \"sigma\": \"" + rule + "\"}, \"estimator\":"
                    + " {\"id\": \"random-features\", \"coupling\": {\"id\": \"orthogonal\"}, \"features\": {\"id\":"
                    + " \"trigonometric\"}, \"m\": 8}, \"seed\": 3}");
            Run r = run("evaluate", "--task", "gram", "--config", cfg.toString(), "--data", data.toString(), "--m", "8",
                    "--seeds", "2", "--json");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode j = new ObjectMapper().readTree(r.out());
            double expected = ((org.rf4j.api.kernel.GaussianKernel) org.rf4j.RandomFeatures.fromConfig(cfg).fit(x).kernel())
                    .sigma();
            assertThat(j.get("kernel").get("sigma").asDouble()).as(rule).isEqualTo(expected);
            assertThat(j.get("series").get(0).get("kernel").get("sigma").asDouble()).isEqualTo(expected);
            assertThat(j.get("notes").toString()).contains("kernel.sigma = \\\"" + rule + "\\\" fitted to --data");
        }
        // classify fits the rule to its standardised training part, then tunes sigma on the validation part
        Path median = dir.resolve("median.json");
        Run c = run("evaluate", "--config", median.toString(), "--m", "8", "--seeds", "1");
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).contains("kernel.sigma = \"median\" fitted to the classify task's data").contains("chosen σ");
    }

    @Test
    void pointwiseAndTheoryRunAndBadInputIsAUsageError() throws Exception {
        Run p = run("evaluate", "--task", "pointwise", "--m", "8", "--seeds", "2", "--json");
        assertThat(p.code()).as(p.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(p.out());
        assertThat(j.get("task").asText()).isEqualTo("pointwise");
        JsonNode trig = null;
        for (JsonNode s : j.get("series")) {
            if (s.get("label").asText().equals("iid/trigonometric")) {
                trig = s;
            }
        }
        assertThat(trig).as("iid/trigonometric series").isNotNull();
        JsonNode point = trig.get("points").get(0);
        // trigonometric squared errors are light-tailed: 2 seeds x 32 draws sit near the closed form
        assertThat(point.get("mean").asDouble() / point.get("theory").asDouble()).isBetween(0.5, 2.0);

        Run t = run("theory", "--vs", "theta", "--points", "5", "--d", "8");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out().lines().toList()).hasSize(6).first().isEqualTo("theta,kernel,mse,relative_rmse");
        Run m = run("theory", "--m", "16,64");
        assertThat(m.code()).as(m.err()).isZero();
        String[] l16 = m.out().lines().toList().get(1).split(",");
        String[] l64 = m.out().lines().toList().get(2).split(",");
        assertThat(Double.parseDouble(l16[2]) / Double.parseDouble(l64[2])).isBetween(4 - 1e-9, 4 + 1e-9);

        Run bad = run("evaluate", "--task", "nope");
        assertThat(bad.code()).isEqualTo(Rf4j.USAGE);
        assertThat(bad.err()).contains("--task").contains("nope").contains("classify");
        Run badM = run("evaluate", "--task", "gram", "--m", "0");
        assertThat(badM.code()).isEqualTo(Rf4j.USAGE);
        assertThat(badM.err()).contains("m");
    }

    @Test
    void attentionCommandAndTaskRun() throws Exception {
        Path out = dir.resolve("o.npy");
        Run a = run("attention", "--L", "64", "--d", "8", "--dv", "4", "--causal", "--json", "--out", out.toString());
        assertThat(a.code()).as(a.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(a.out());
        assertThat(j.get("causal").asBoolean()).isTrue();
        assertThat(j.get("Lq").asInt()).isEqualTo(64);
        assertThat(j.get("relativeError").asDouble()).isBetween(0.0, 2.0);
        assertThat(Files.size(out)).isGreaterThan(64L * 4 * 8);

        Run e = run("evaluate", "--task", "attention", "--m", "8", "--seeds", "2", "--json");
        assertThat(e.code()).as(e.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(e.out());
        assertThat(r.get("task").asText()).isEqualTo("attention");
        assertThat(r.get("notes").toString()).contains("skipped 'iid/trigonometric'");
    }

    /**
     * {@code rf4j attention --precision float}: the fp32 path's error against exact attention is the
     * double path's up to the two outputs' difference, its output goes to a float32 .npy, and a bad
     * value exits 2 naming the option. The tolerance is derived, not chosen: with e the exact output,
     * {@code |e_f − e_d| = |‖o_f − e‖ − ‖o_d − e‖| / ‖e‖ ≤ ‖o_f − o_d‖ / ‖e‖} (reverse triangle inequality)
     * and {@code ‖e‖ ≥ ‖o_d‖ / (1 + e_d)}, both computed from the written outputs; the size of
     * {@code o_f − o_d} itself is PerformerFloatTest's stated bound.
     */
    @Test
    void attentionCommandRunsTheFloatPath() throws Exception {
        for (boolean causal : new boolean[] {false, true}) {
            Path out = dir.resolve("f" + causal + ".npy");
            java.util.List<String> args = new java.util.ArrayList<>(List.of("attention", "--L", "300", "--d", "16", "--dv",
                    "4", "--json"));
            if (causal) {
                args.add("--causal");
            }
            Path outD = dir.resolve("d" + causal + ".npy");
            java.util.List<String> argsD = new java.util.ArrayList<>(args);
            argsD.addAll(List.of("--out", outD.toString()));
            Run d = run(argsD.toArray(String[]::new));
            args.addAll(List.of("--precision", "float", "--out", out.toString()));
            Run f = run(args.toArray(String[]::new));
            assertThat(f.code()).as(f.err()).isZero();
            JsonNode jd = new ObjectMapper().readTree(d.out());
            JsonNode jf = new ObjectMapper().readTree(f.out());
            assertThat(jf.get("precision").asText()).isEqualTo("float");
            assertThat(jd.get("precision").asText()).isEqualTo("double");
            double ed = jd.get("relativeError").asDouble();
            double ef = jf.get("relativeError").asDouble();
            assertThat(ed).isBetween(1e-4, 2.0);
            double[] od = org.rf4j.io.Npy.read(outD).data();
            double[] of = org.rf4j.io.Npy.read(out).data();
            double diff = 0;
            double norm = 0;
            for (int i = 0; i < od.length; i++) {
                diff += (of[i] - od[i]) * (of[i] - od[i]);
                norm += od[i] * od[i];
            }
            double tolerance = Math.sqrt(diff) * (1 + ed) / Math.sqrt(norm) * (1 + 1e-9) + 1e-15;
            assertThat(ef).as("causal %s", causal).isCloseTo(ed, org.assertj.core.api.Assertions.within(tolerance))
                    .isNotEqualTo(ed);
            String header = new String(Files.readAllBytes(out), 0, 128, StandardCharsets.ISO_8859_1);
            assertThat(header).contains("'descr': '<f4'").contains("(300, 4)");
        }
        Run bad = run("attention", "--L", "10", "--precision", "half");
        assertThat(bad.code()).isEqualTo(Rf4j.USAGE);
        assertThat(bad.err()).contains("--precision").contains("half").contains("double or float");
    }

    @Test
    void theoryWritesCsvAndAnSvgPlot() throws Exception {
        Path svg = dir.resolve("ratio.svg");
        Run v = run("theory", "--vs", "v", "--points", "4", "--d", "8", "--svg", svg.toString());
        assertThat(v.code()).as(v.err()).isZero();
        List<String> lines = v.out().lines().toList();
        assertThat(lines).hasSize(5).first().isEqualTo("v,mse_ratio");
        // the default config is iid/positive, the default reference too: the ratio is 1 everywhere
        assertThat(lines.subList(1, 5)).allSatisfy(l -> assertThat(Double.parseDouble(l.split(",")[1]))
                .isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-12)));
        String text = Files.readString(svg, StandardCharsets.UTF_8);
        assertThat(text).startsWith("<?xml").contains("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                .contains("data-series=\"random-features\"");
        Run r = run("theory", "--vs", "r", "--points", "3", "--d", "8");
        assertThat(r.code()).as(r.err()).isZero();
        List<String> rl = r.out().lines().toList();
        assertThat(rl).hasSize(4).first().isEqualTo("r,kernel,mse,relative_rmse");
        assertThat(Double.parseDouble(rl.get(3).split(",")[2])).isGreaterThan(Double.parseDouble(rl.get(1).split(",")[2]));
        Run bad = run("theory", "--vs", "phase");
        assertThat(bad.code()).isEqualTo(Rf4j.USAGE);
        assertThat(bad.err()).contains("--vs").contains("phase");
    }
}
