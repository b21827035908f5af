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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/**
 * Everything an evaluation produced, ready for the table, the HTML report and JSON.
 *
 * @param task            task id
 * @param title           task title
 * @param description     the protocol
 * @param metric          metric name
 * @param higherIsBetter  whether larger metric values are better
 * @param logScale        whether the metric is best shown on a log scale
 * @param kernel          the kernel used by default (after calibration)
 * @param featureCounts   the feature counts m evaluated
 * @param seeds           seeds per point
 * @param series          one series per usable config
 * @param reference       the exact-kernel metric, NaN if not meaningful
 * @param notes           remarks (skipped configs, calibration, sampling)
 * @param figures         extra figures contributed by the task
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record EvaluationResult(String task, String title, String description, String metric, boolean higherIsBetter,
        boolean logScale, Spec kernel, List<Integer> featureCounts, int seeds, List<Series> series, double reference,
        List<String> notes, List<Figure> figures) {

    public EvaluationResult {
        figures = List.copyOf(figures);
        featureCounts = List.copyOf(featureCounts);
        series = List.copyOf(series);
        notes = List.copyOf(notes);
    }

    /**
     * One mechanism's results across feature counts.
     *
     * @param label     the config's label
     * @param estimator the estimator spec (feature count left as configured)
     * @param kernel    the kernel used
     * @param points    one point per feature count
     */
    public record Series(String label, Spec estimator, Spec kernel, List<Point> points) {
        public Series {
            points = List.copyOf(points);
        }

        /** Whether any point has a closed-form value. */
        public boolean hasTheory() {
            return points.stream().anyMatch(p -> !Double.isNaN(p.theory()));
        }
    }

    /**
     * Aggregates over seeds at one feature count.
     *
     * @param m           the feature count
     * @param mean        mean of the metric over seeds
     * @param std         sample standard deviation of the metric over seeds (0 for one seed)
     * @param seconds     mean wall time of one run (draw + task) in seconds
     * @param secondsStd  its standard deviation over seeds
     * @param theory      the closed-form expectation of the metric, NaN where unknown
     * @param values      the metric of each seed
     */
    public record Point(int m, double mean, double std, double seconds, double secondsStd, double theory,
            List<Double> values) {
        public Point {
            values = List.copyOf(values);
        }
    }

    /** A copy with more notes appended. */
    public EvaluationResult withNotes(List<String> more) {
        List<String> all = new ArrayList<>(more);
        all.addAll(notes);
        return new EvaluationResult(task, title, description, metric, higherIsBetter, logScale, kernel, featureCounts,
                seeds, series, reference, all, figures);
    }

    /** A plain JSON-like map (strings, numbers, booleans, lists, maps; NaN as null). */
    public Map<String, Object> toPlain() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("task", task);
        m.put("title", title);
        m.put("description", description);
        m.put("metric", metric);
        m.put("higherIsBetter", higherIsBetter);
        m.put("kernel", kernel.toPlain());
        m.put("featureCounts", featureCounts);
        m.put("seeds", seeds);
        m.put("reference", nan(reference));
        List<Object> ss = new ArrayList<>();
        for (Series s : series) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("label", s.label());
            sm.put("estimator", s.estimator().toPlain());
            sm.put("kernel", s.kernel().toPlain());
            List<Object> ps = new ArrayList<>();
            for (Point p : s.points()) {
                Map<String, Object> pm = new LinkedHashMap<>();
                pm.put("m", p.m());
                pm.put("mean", nan(p.mean()));
                pm.put("std", nan(p.std()));
                pm.put("seconds", p.seconds());
                pm.put("secondsStd", p.secondsStd());
                pm.put("theory", nan(p.theory()));
                pm.put("values", p.values().stream().map(EvaluationResult::nan).toList());
                ps.add(pm);
            }
            sm.put("points", ps);
            ss.add(sm);
        }
        m.put("series", ss);
        m.put("notes", notes);
        m.put("figures", figures.stream().map(Figure::toPlain).toList());
        return m;
    }

    private static Object nan(double v) {
        return Double.isFinite(v) ? (Object) v : null;
    }
}
