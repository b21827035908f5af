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
package org.rf4j.evaluation.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rf4j.evaluation.EvaluationResult;
import org.apiguardian.api.API;

/**
 * A self-contained HTML report of an evaluation: protocol, a results table and inline SVG plots
 * (metric vs m per mechanism with ±1 std error bars and dashed closed-form curves, the
 * exact-kernel reference as a dotted line; time vs m). No scripts, styles or images are loaded
 * from anywhere. The markup is XHTML-compatible (well-formed XML, numeric character references
 * only), so it parses with any XML parser as well as in browsers.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class HtmlReport {
    private HtmlReport() {
    }

    /** The error-vs-m plot. */
    public static SvgPlot metricPlot(EvaluationResult r) {
        SvgPlot plot = new SvgPlot(r.title() + ": " + r.metric() + " vs number of features", "number of features m",
                r.metric(), true, r.logScale());
        plot.xTicks(r.featureCounts().stream().map(Integer::doubleValue).toList());
        int colour = 0;
        for (EvaluationResult.Series s : r.series()) {
            List<SvgPlot.Point> pts = new ArrayList<>();
            List<SvgPlot.Point> th = new ArrayList<>();
            for (EvaluationResult.Point p : s.points()) {
                pts.add(new SvgPlot.Point(p.m(), p.mean(), p.std()));
                if (!Double.isNaN(p.theory())) {
                    th.add(new SvgPlot.Point(p.m(), p.theory(), 0));
                }
            }
            plot.add(new SvgPlot.Series(s.label(), pts, false, colour));
            if (!th.isEmpty()) {
                plot.add(new SvgPlot.Series(s.label() + " (theory)", th, true, colour));
            }
            colour++;
        }
        plot.reference("exact kernel", r.reference());
        return plot;
    }

    /** The time-vs-m plot (milliseconds per run, log-log). */
    public static SvgPlot timePlot(EvaluationResult r) {
        SvgPlot plot = new SvgPlot("Warm time per run vs number of features (after untimed warm-up runs)",
                "number of features m", "warm time per run (ms)", true, true);
        plot.xTicks(r.featureCounts().stream().map(Integer::doubleValue).toList());
        int colour = 0;
        for (EvaluationResult.Series s : r.series()) {
            List<SvgPlot.Point> pts = new ArrayList<>();
            for (EvaluationResult.Point p : s.points()) {
                pts.add(new SvgPlot.Point(p.m(), 1e3 * p.seconds(), 1e3 * p.secondsStd()));
            }
            plot.add(new SvgPlot.Series(s.label(), pts, false, colour++));
        }
        return plot;
    }

    /** An extra figure of the task as a plot. */
    public static SvgPlot figurePlot(org.rf4j.evaluation.Figure f) {
        SvgPlot plot = new SvgPlot(f.title(), f.xLabel(), f.yLabel(), f.logX(), f.logY());
        for (org.rf4j.evaluation.Figure.Curve c : f.series()) {
            List<SvgPlot.Point> pts = new ArrayList<>();
            for (int i = 0; i < c.x().length; i++) {
                pts.add(new SvgPlot.Point(c.x()[i], c.y()[i], c.err() == null ? 0 : c.err()[i]));
            }
            plot.add(new SvgPlot.Series(c.name(), pts, c.dashed(), c.colour()));
        }
        return plot;
    }

    /** The whole report as one XHTML-compatible HTML document. */
    public static String render(EvaluationResult r) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n");
        b.append("<meta charset=\"utf-8\"/>\n<title>rf4j evaluate: ").append(Markup.esc(r.title())).append("</title>\n");
        b.append("<style>body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
                + "td:first-child,th:first-child{text-align:left}.note{color:#555}</style>\n");
        b.append("</head>\n<body>\n");
        b.append("<h1>").append(Markup.esc(r.title())).append("</h1>\n");
        b.append("<p>").append(Markup.esc(r.description())).append("</p>\n");
        b.append("<p>Metric: <b>").append(Markup.esc(r.metric())).append("</b> (")
                .append(r.higherIsBetter() ? "higher is better" : "lower is better").append("); kernel ")
                .append(Markup.esc(r.kernel().toPlain().toString())).append("; ").append(r.seeds())
                .append(" seeds per point; error bars are ±1 standard deviation over seeds. Times are warm: each mechanism"
                        + " first runs untimed until the JIT has compiled its code, so no mechanism's time carries the"
                        + " compilation; a time is the wall clock of one run (draw and task).</p>\n");
        if (!Double.isNaN(r.reference())) {
            b.append("<p>Exact kernel: <b>").append(Markup.esc(Markup.num(r.reference()))).append("</b></p>\n");
        }
        b.append("<div class=\"plot\" id=\"metric-plot\">\n").append(metricPlot(r).render()).append("</div>\n");
        b.append("<h2>Results</h2>\n<table id=\"results\">\n<thead><tr><th>mechanism</th><th>m</th><th>")
                .append(Markup.esc(r.metric())).append(" mean</th><th>std</th><th>theory</th><th>warm time ms</th></tr></thead>\n<tbody>\n");
        for (EvaluationResult.Series s : r.series()) {
            for (EvaluationResult.Point p : s.points()) {
                b.append("<tr><td>").append(Markup.esc(s.label())).append("</td><td>").append(p.m()).append("</td><td>")
                        .append(Markup.esc(Markup.num(p.mean()))).append("</td><td>").append(Markup.esc(Markup.num(p.std())))
                        .append("</td><td>").append(Markup.esc(Markup.num(p.theory()))).append("</td><td>")
                        .append(String.format(Locale.ROOT, "%.2f", 1e3 * p.seconds())).append("</td></tr>\n");
            }
        }
        b.append("</tbody>\n</table>\n");
        b.append("<div class=\"plot\" id=\"time-plot\">\n").append(timePlot(r).render()).append("</div>\n");
        int fig = 0;
        for (org.rf4j.evaluation.Figure f : r.figures()) {
            b.append("<div class=\"plot\" id=\"figure-").append(fig++).append("\">\n").append(figurePlot(f).render())
                    .append("</div>\n");
        }
        b.append("<h2>Mechanisms</h2>\n<ul>\n");
        for (EvaluationResult.Series s : r.series()) {
            b.append("<li><b>").append(Markup.esc(s.label())).append("</b>: <code>")
                    .append(Markup.esc(s.estimator().toPlain().toString())).append("</code></li>\n");
        }
        b.append("</ul>\n");
        if (!r.notes().isEmpty()) {
            b.append("<h2>Notes</h2>\n<ul class=\"note\">\n");
            for (String n : r.notes()) {
                b.append("<li>").append(Markup.esc(n)).append("</li>\n");
            }
            b.append("</ul>\n");
        }
        b.append("<p class=\"note\">Generated by rf4j evaluate (task ").append(Markup.esc(r.task())).append(").</p>\n");
        b.append("</body>\n</html>\n");
        return b.toString();
    }
}
