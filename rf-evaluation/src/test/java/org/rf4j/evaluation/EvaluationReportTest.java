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
package org.rf4j.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.rf4j.evaluation.report.HtmlReport;
import org.rf4j.evaluation.report.TextTable;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;


class EvaluationReportTest {
    private static final String SVG = "http://www.w3.org/2000/svg";

    static {
        // the tests are patched into org.rf4j.evaluation, which does not read java.xml: add the edge here
        EvaluationReportTest.class.getModule().addReads(ModuleLayer.boot().findModule("java.xml").orElseThrow());
    }

    @Test
    void gramEvaluationRendersAValidReportWhoseSvgHoldsTheSeries() throws Exception {
        List<String> notes = new ArrayList<>();
        List<EvaluationConfig> configs = new ArrayList<>(DefaultConfigs.available(Fixtures.REGISTRY, notes).stream()
                .filter(c -> c.label().startsWith("iid/")).toList()); // iid maps all have closed forms
        configs.add(EvaluationConfig.of("bogus", Fixtures.rf("no-such-coupling", "positive")));
        GramTask task = new GramTask(Datasets.gaussianCloud(24, 8, 0.3, 1), "test cloud <24 points & d=8>");
        int[] progress = new int[2];
        EvaluationResult r = new Evaluation(task, configs, List.of(8, 32, 128), 4, 17,
                (done, total, label) -> {
                    progress[0] = done;
                    progress[1] = total;
                }).run();
        assertThat(progress[0]).isEqualTo(progress[1]).isPositive();
        assertThat(r.series()).extracting(EvaluationResult.Series::label).contains("iid/positive", "iid/trigonometric")
                .doesNotContain("bogus");
        assertThat(r.notes()).anyMatch(n -> n.contains("skipped 'bogus'") && n.contains("no-such-coupling"));
        for (EvaluationResult.Series s : r.series()) {
            assertThat(s.hasTheory()).isTrue();
            EvaluationResult.Point first = s.points().get(0);
            EvaluationResult.Point last = s.points().get(2);
            assertThat(last.mean()).isLessThan(first.mean());
            assertThat(first.theory() / last.theory()).isCloseTo(16.0, within(1e-9));
        }

        String html = HtmlReport.render(r);
        assertThat(html).startsWith("<!DOCTYPE html>");
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("html");
        NodeList svgs = doc.getElementsByTagNameNS(SVG, "svg");
        assertThat(svgs.getLength()).isEqualTo(2);
        Element metricSvg = (Element) svgs.item(0);
        Map<String, Map<Double, Double>> plotted = new HashMap<>();
        NodeList marks = metricSvg.getElementsByTagNameNS(SVG, "path");
        Map<String, String> markers = new HashMap<>();
        Map<String, String> colours = new HashMap<>();
        for (int i = 0; i < marks.getLength(); i++) {
            Element c = (Element) marks.item(i);
            if (c.hasAttribute("data-series")) {
                // inside the plot frame (x 80..550, y 36..404 of an 800x460 canvas)
                String[] at = c.getAttribute("transform").replaceAll("translate\\((.*)\\)", "$1").split(" ");
                assertThat(Double.parseDouble(at[0])).isBetween(80.0, 550.0);
                assertThat(Double.parseDouble(at[1])).isBetween(36.0, 404.0);
                if ("point".equals(c.getAttribute("class"))) {
                    markers.put(c.getAttribute("data-series"), c.getAttribute("d"));
                    colours.put(c.getAttribute("data-series"), c.getAttribute("fill"));
                }
                plotted.computeIfAbsent(c.getAttribute("data-series"), k -> new HashMap<>())
                        .put(Double.parseDouble(c.getAttribute("data-x")), Double.parseDouble(c.getAttribute("data-y")));
            }
        }
        for (EvaluationResult.Series s : r.series()) {
            assertThat(plotted).containsKey(s.label()).containsKey(s.label() + " (theory)");
            for (EvaluationResult.Point p : s.points()) {
                assertThat(plotted.get(s.label())).containsEntry((double) p.m(), p.mean());
                assertThat(plotted.get(s.label() + " (theory)")).containsEntry((double) p.m(), p.theory());
            }
        }
        // each mechanism has its own marker shape and its own colour, so neither alone must tell them apart
        assertThat(new java.util.HashSet<>(markers.values())).hasSize(r.series().size());
        assertThat(new java.util.HashSet<>(colours.values())).hasSize(r.series().size());
        assertThat(html).contains("warm time per run (ms)").contains("Times are warm");
        NodeList rows = doc.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "tr");
        assertThat(rows.getLength()).isEqualTo(1 + 3 * r.series().size());
        assertThat(doc.getDocumentElement().getTextContent()).contains("test cloud <24 points & d=8>");

        String table = TextTable.render(r);
        assertThat(table).contains("iid/positive").contains("relative squared Frobenius error").contains("note: skipped");

        Map<String, Object> json = r.toPlain();
        assertThat(json).containsKeys("task", "metric", "kernel", "featureCounts", "seeds", "series", "reference", "notes");
        assertThat(json.get("reference")).isNull();
        assertThat(json.get("featureCounts")).isEqualTo(List.of(8, 32, 128));
    }

    @Test
    void classificationTunesTheBandwidthAndReportsTheExactKernel() throws Exception {
        List<String> notes = new ArrayList<>();
        List<EvaluationConfig> configs = DefaultConfigs.available(Fixtures.REGISTRY, notes);
        ClassificationTask task = ClassificationTask.irisDefault(3);
        EvaluationResult r = new Evaluation(task, configs, List.of(4, 64), 3, 5,
                Evaluation.Progress.none()).run();
        assertThat(task.tunedSigma()).isNotNull();
        assertThat(r.kernel().get("sigma")).isEqualTo(task.tunedSigma());
        assertThat(r.reference()).isGreaterThan(0.8);
        assertThat(r.notes()).anyMatch(n -> n.startsWith("bandwidth search"));
        for (EvaluationResult.Series s : r.series()) {
            assertThat(s.points()).allSatisfy(p -> assertThat(p.mean()).isBetween(0.0, 1.0));
            assertThat(s.kernel()).isEqualTo(r.kernel());
        }
        String html = HtmlReport.render(r);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
        NodeList lines = doc.getElementsByTagNameNS(SVG, "line");
        boolean reference = false;
        for (int i = 0; i < lines.getLength(); i++) {
            Element l = (Element) lines.item(i);
            if ("reference".equals(l.getAttribute("class"))) {
                reference = true;
                assertThat(Double.parseDouble(l.getAttribute("data-y"))).isEqualTo(r.reference());
            }
        }
        assertThat(reference).isTrue();
        // SimRF Fig. 10 view: the bandwidth search is the task's extra figure
        assertThat(r.figures()).hasSize(1);
        assertThat(doc.getElementsByTagNameNS(SVG, "svg").getLength()).isEqualTo(3);
        assertThat(html).contains("data-series=\"exact kernel\"");
    }

    @Test
    void pointwiseReportCarriesTheAngleFiguresWithTheory() {
        List<EvaluationConfig> configs = List.of(EvaluationConfig.of("trig", Fixtures.rf("iid", "trigonometric")));
        EvaluationResult r = new Evaluation(PointwiseTask.equalLength(8, 1.0, 3, 8), configs,
                List.of(8, 16), 2, 3, Evaluation.Progress.none()).run();
        assertThat(r.figures()).hasSize(2);
        Figure mse = r.figures().get(0);
        assertThat(mse.series()).extracting(Figure.Curve::name).containsExactly("trig", "trig (theory)");
        Figure.Curve mc = mse.series().get(0);
        Figure.Curve th = mse.series().get(1);
        for (int k = 0; k < mc.x().length; k++) {
            assertThat(Math.abs(mc.y()[k] - th.y()[k])).isLessThan(4 * mc.err()[k] + 1e-12);
        }
        assertThat(HtmlReport.render(r)).contains("data-series=\"trig (theory)\"");
        assertThat(r.toPlain()).containsKey("figures");
    }

    @Test
    void sameSeedGivesIdenticalResultsAndDifferentSeedsDiffer() {
        List<EvaluationConfig> configs = List.of(EvaluationConfig.of("pos", Fixtures.rf("iid", "positive")));
        GramTask task = new GramTask(Datasets.gaussianCloud(16, 4, 0.5, 2), "cloud");
        List<Double> a = new Evaluation(task, configs, List.of(8), 3, 9, Evaluation.Progress.none())
                .run().series().get(0).points().get(0).values();
        List<Double> b = new Evaluation(task, configs, List.of(8), 3, 9, Evaluation.Progress.none())
                .run().series().get(0).points().get(0).values();
        List<Double> c = new Evaluation(task, configs, List.of(8), 3, 10, Evaluation.Progress.none())
                .run().series().get(0).points().get(0).values();
        assertThat(a).isEqualTo(b).doesNotContainAnyElementsOf(c);
    }
}
