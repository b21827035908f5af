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
import java.util.Objects;
import org.rf4j.api.InvalidInputException;
import org.apiguardian.api.API;

/**
 * A small dependency-free SVG line plot: series of (x, y ± err) points with markers (a colour and a
 * shape per series) and error
 * bars, dashed curves (e.g. closed forms), horizontal reference lines, linear or log axes and a
 * legend. The output is well-formed XML (an {@code <svg>} element in the SVG namespace) that can
 * be inlined in XHTML; every plotted point (a {@code <path>} of class {@code point} or {@code curve-point},
 * placed by {@code transform="translate(x y)"}) carries {@code data-series}, {@code data-x} and
 * {@code data-y} attributes with the exact values, so tools (and tests) can read the data back.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class SvgPlot {
    /**
     * Colours cycled through the series: the Okabe–Ito palette, distinguishable with every common
     * colour-vision deficiency (blue, orange, bluish green, reddish purple, sky blue, vermillion,
     * black; yellow, the faintest on white, last).
     */
    private static final String[] PALETTE = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
        "#000000", "#F0E442"};
    /**
     * Marker shapes cycled through the series beside the colours (7 shapes against 8 colours, so no
     * two of the first 56 series look alike even in grey): circle, square, triangle up, diamond,
     * triangle down, plus, pentagon; SVG path data around (0, 0), placed by a translate.
     */
    private static final String[] MARKERS = {"M-3.5,0a3.5,3.5 0 1,0 7,0a3.5,3.5 0 1,0 -7,0z", "M-3,-3h6v6h-6z",
        "M0,-4.2L3.8,2.6H-3.8z", "M0,-4.4L4.4,0L0,4.4L-4.4,0z", "M0,4.2L3.8,-2.6H-3.8z",
        "M-1.3,-4.2h2.6v2.9h2.9v2.6h-2.9v2.9h-2.6v-2.9h-2.9v-2.6h2.9z", "M0,-4.2L4,-1.3L2.5,3.4H-2.5L-4,-1.3z"};
    /** The small dot of a point on a dashed curve. */
    private static final String CURVE_DOT = "M-1.5,0a1.5,1.5 0 1,0 3,0a1.5,1.5 0 1,0 -3,0z";

    private static final int WIDTH = 800;
    private static final int HEIGHT = 460;
    private static final int LEFT = 80;
    private static final int RIGHT = 250;
    /** Legend entries of dashed curves whose name ends so are folded into one "closed form" entry. */
    public static final String THEORY_SUFFIX = " (theory)";
    private static final int TOP = 36;
    private static final int BOTTOM = 56;

    /** One point with an optional error bar half-width (0 or NaN for none). */
    public record Point(double x, double y, double err) {
    }

    /**
     * A series.
     *
     * @param name   legend label
     * @param points the points
     * @param dashed true for a curve drawn dashed without markers (e.g. theory)
     * @param colour index into the palette (series sharing a mechanism share a colour)
     */
    public record Series(String name, List<Point> points, boolean dashed, int colour) {
        public Series {
            Objects.requireNonNull(name, "name");
            points = List.copyOf(points);
        }
    }

    /** A horizontal reference line. */
    public record Reference(String name, double y) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final boolean logX;
    private final boolean logY;
    private final List<Series> series = new ArrayList<>();
    private final List<Reference> references = new ArrayList<>();
    private List<Double> xTicks;

    public SvgPlot(String title, String xLabel, String yLabel, boolean logX, boolean logY) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.logX = logX;
        this.logY = logY;
    }

    public SvgPlot add(Series s) {
        series.add(s);
        return this;
    }

    public SvgPlot reference(String name, double y) {
        if (Double.isFinite(y)) {
            references.add(new Reference(name, y));
        }
        return this;
    }

    /** Puts the x ticks at these values (e.g. the feature counts) instead of automatic ones. */
    public SvgPlot xTicks(List<Double> ticks) {
        this.xTicks = List.copyOf(ticks);
        return this;
    }

    private boolean usable(double x, double y) {
        return Double.isFinite(x) && Double.isFinite(y) && (!logX || x > 0) && (!logY || y > 0);
    }

    /** The plot as an {@code <svg>} element. */
    public String render() {
        double xmin = Double.POSITIVE_INFINITY;
        double xmax = Double.NEGATIVE_INFINITY;
        double ymin = Double.POSITIVE_INFINITY;
        double ymax = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (Point p : s.points()) {
                if (!usable(p.x(), p.y())) {
                    continue;
                }
                xmin = Math.min(xmin, p.x());
                xmax = Math.max(xmax, p.x());
                double e = Double.isFinite(p.err()) ? Math.abs(p.err()) : 0;
                double lo = logY && p.y() - e <= 0 ? p.y() : p.y() - e;
                ymin = Math.min(ymin, lo);
                ymax = Math.max(ymax, p.y() + e);
            }
        }
        for (Reference r : references) {
            if (!logY || r.y() > 0) {
                ymin = Math.min(ymin, r.y());
                ymax = Math.max(ymax, r.y());
            }
        }
        if (!Double.isFinite(xmin)) {
            throw new InvalidInputException("plot '" + title + "' has no finite point to draw");
        }
        Axis xa = new Axis(xmin, xmax, logX);
        Axis ya = new Axis(ymin, ymax, logY);
        int pw = WIDTH - LEFT - RIGHT;
        int ph = HEIGHT - TOP - BOTTOM;
        StringBuilder b = new StringBuilder();
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" font-family=\"sans-serif\" font-size=\"12\" role=\"img\">\n");
        b.append("<title>").append(Markup.esc(title)).append("</title>\n");
        b.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" fill=\"#ffffff\"/>\n");
        b.append("<text x=\"").append(LEFT + pw / 2).append("\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">")
                .append(Markup.esc(title)).append("</text>\n");
        // grid and ticks
        for (double t : xTicks != null ? xTicks : xa.ticks()) {
            double px = LEFT + xa.frac(t) * pw;
            b.append("<line x1=\"").append(Markup.coord(px)).append("\" y1=\"").append(TOP).append("\" x2=\"")
                    .append(Markup.coord(px)).append("\" y2=\"").append(TOP + ph).append("\" stroke=\"#e6e6e6\"/>\n");
            b.append("<text x=\"").append(Markup.coord(px)).append("\" y=\"").append(TOP + ph + 16)
                    .append("\" text-anchor=\"middle\">").append(Markup.esc(Markup.num(t))).append("</text>\n");
        }
        for (double t : ya.ticks()) {
            double py = TOP + (1 - ya.frac(t)) * ph;
            b.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(Markup.coord(py)).append("\" x2=\"")
                    .append(LEFT + pw).append("\" y2=\"").append(Markup.coord(py)).append("\" stroke=\"#e6e6e6\"/>\n");
            b.append("<text x=\"").append(LEFT - 6).append("\" y=\"").append(Markup.coord(py + 4))
                    .append("\" text-anchor=\"end\">").append(Markup.esc(Markup.num(t))).append("</text>\n");
        }
        b.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(pw)
                .append("\" height=\"").append(ph).append("\" fill=\"none\" stroke=\"#333333\"/>\n");
        b.append("<text x=\"").append(LEFT + pw / 2).append("\" y=\"").append(HEIGHT - 14)
                .append("\" text-anchor=\"middle\">").append(Markup.esc(xLabel + (logX ? " (log scale)" : "")))
                .append("</text>\n");
        b.append("<text x=\"16\" y=\"").append(TOP + ph / 2).append("\" text-anchor=\"middle\" transform=\"rotate(-90 16 ")
                .append(TOP + ph / 2).append(")\">").append(Markup.esc(yLabel + (logY ? " (log scale)" : "")))
                .append("</text>\n");
        // reference lines
        int legendRow = 0;
        StringBuilder legend = new StringBuilder();
        for (Reference r : references) {
            if (logY && r.y() <= 0) {
                continue;
            }
            double py = TOP + (1 - ya.frac(r.y())) * ph;
            b.append("<line class=\"reference\" data-series=\"").append(Markup.esc(r.name())).append("\" data-y=\"")
                    .append(Markup.exact(r.y())).append("\" x1=\"").append(LEFT).append("\" y1=\"")
                    .append(Markup.coord(py)).append("\" x2=\"").append(LEFT + pw).append("\" y2=\"")
                    .append(Markup.coord(py)).append("\" stroke=\"#000000\" stroke-dasharray=\"2 3\"/>\n");
            legendEntry(legend, legendRow++, r.name(), "#000000", "2 3", null);
        }
        // series
        boolean foldedTheory = false;
        for (Series s : series) {
            String colour = PALETTE[Math.floorMod(s.colour(), PALETTE.length)];
            String marker = s.dashed() ? CURVE_DOT : MARKERS[Math.floorMod(s.colour(), MARKERS.length)];
            List<String> pts = new ArrayList<>();
            StringBuilder marks = new StringBuilder();
            for (Point p : s.points()) {
                if (!usable(p.x(), p.y())) {
                    continue;
                }
                double px = LEFT + xa.frac(p.x()) * pw;
                double py = TOP + (1 - ya.frac(p.y())) * ph;
                pts.add(Markup.coord(px) + "," + Markup.coord(py));
                if (!s.dashed()) {
                    double e = Double.isFinite(p.err()) ? Math.abs(p.err()) : 0;
                    if (e > 0) {
                        double lo = logY && p.y() - e <= 0 ? ya.min : p.y() - e;
                        double y1 = TOP + (1 - ya.frac(Math.max(lo, ya.min))) * ph;
                        double y2 = TOP + (1 - ya.frac(Math.min(p.y() + e, ya.max))) * ph;
                        marks.append("<line class=\"errorbar\" x1=\"").append(Markup.coord(px)).append("\" y1=\"")
                                .append(Markup.coord(y1)).append("\" x2=\"").append(Markup.coord(px)).append("\" y2=\"")
                                .append(Markup.coord(y2)).append("\" stroke=\"").append(colour).append("\"/>\n");
                    }
                }
                marks.append("<path class=\"").append(s.dashed() ? "curve-point" : "point").append("\" data-series=\"")
                        .append(Markup.esc(s.name())).append("\" data-x=\"").append(Markup.exact(p.x()))
                        .append("\" data-y=\"").append(Markup.exact(p.y())).append("\" transform=\"translate(")
                        .append(Markup.coord(px)).append(' ').append(Markup.coord(py)).append(")\" d=\"").append(marker)
                        .append("\" fill=\"").append(colour).append("\"/>\n");
            }
            b.append("<g class=\"series\" data-series=\"").append(Markup.esc(s.name())).append("\">\n");
            if (pts.size() > 1) {
                b.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"")
                        .append(s.dashed() ? "1.5" : "2").append('"');
                if (s.dashed()) {
                    b.append(" stroke-dasharray=\"6 4\"");
                }
                b.append(" points=\"").append(String.join(" ", pts)).append("\"/>\n");
            }
            b.append(marks).append("</g>\n");
            if (s.dashed() && s.name().endsWith(THEORY_SUFFIX)) {
                foldedTheory = true;
            } else {
                legendEntry(legend, legendRow++, s.name(), colour, s.dashed() ? "6 4" : null, s.dashed() ? null : marker);
            }
        }
        if (foldedTheory) {
            legendEntry(legend, legendRow++, "closed form (dashed)", "#666666", "6 4", null);
        }
        b.append("<g class=\"legend\">\n").append(legend).append("</g>\n");
        b.append("</svg>\n");
        return b.toString();
    }

    private static void legendEntry(StringBuilder b, int row, String name, String colour, String dash, String marker) {
        int x = WIDTH - RIGHT + 14;
        int y = TOP + 8 + row * 16;
        b.append("<line x1=\"").append(x).append("\" y1=\"").append(y).append("\" x2=\"").append(x + 24)
                .append("\" y2=\"").append(y).append("\" stroke=\"").append(colour).append("\" stroke-width=\"2\"");
        if (dash != null) {
            b.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        b.append("/>\n");
        if (marker != null) {
            b.append("<path transform=\"translate(").append(x + 12).append(' ').append(y).append(")\" d=\"").append(marker)
                    .append("\" fill=\"").append(colour).append("\"/>\n");
        }
        b.append("<text x=\"").append(x + 30).append("\" y=\"").append(y + 4).append("\">").append(Markup.esc(name))
                .append("</text>\n");
    }

    /** A linear or log axis with padded range and "nice" ticks. */
    private static final class Axis {
        final boolean log;
        final double min;
        final double max;

        Axis(double lo, double hi, boolean log) {
            this.log = log;
            if (log) {
                double a = Math.log10(lo);
                double c = Math.log10(hi);
                if (c - a < 1e-9) {
                    a -= 0.5;
                    c += 0.5;
                }
                double pad = 0.05 * (c - a);
                this.min = Math.pow(10, a - pad);
                this.max = Math.pow(10, c + pad);
            } else {
                double span = hi - lo;
                if (span < 1e-12 * Math.max(1, Math.abs(hi))) {
                    span = Math.max(1e-3, Math.abs(hi) * 0.1);
                    lo -= span / 2;
                    hi += span / 2;
                }
                double pad = 0.06 * (hi - lo);
                this.min = lo - pad;
                this.max = hi + pad;
            }
        }

        double frac(double v) {
            return log ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
                    : (v - min) / (max - min);
        }

        List<Double> ticks() {
            List<Double> t = new ArrayList<>();
            if (log) {
                int a = (int) Math.floor(Math.log10(min));
                int c = (int) Math.ceil(Math.log10(max));
                double[] mult = c - a <= 2 ? new double[] {1, 2, 5} : new double[] {1};
                for (int k = a; k <= c; k++) {
                    for (double mu : mult) {
                        double v = mu * Math.pow(10, k);
                        if (v >= min && v <= max) {
                            t.add(v);
                        }
                    }
                }
                if (t.size() < 2) {
                    t.clear();
                    for (int k = 0; k <= 4; k++) {
                        t.add(Math.pow(10, Math.log10(min) + k * (Math.log10(max) - Math.log10(min)) / 4));
                    }
                }
            } else {
                double raw = (max - min) / 6;
                double mag = Math.pow(10, Math.floor(Math.log10(raw)));
                double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
                for (double v = Math.ceil(min / step) * step; v <= max + 1e-12 * step; v += step) {
                    t.add(Math.abs(v) < 1e-12 * step ? 0.0 : v);
                }
            }
            return t;
        }
    }
}
