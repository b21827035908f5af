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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * An extra figure a task contributes to the report (e.g. MSE against θ, the bandwidth search).
 *
 * @param title  the title
 * @param xLabel the x-axis label
 * @param yLabel the y-axis label
 * @param logX   log scale on x
 * @param logY   log scale on y
 * @param series the curves
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public record Figure(String title, String xLabel, String yLabel, boolean logX, boolean logY, List<Curve> series) {
    public Figure {
        Objects.requireNonNull(title, "title");
        series = List.copyOf(series);
    }

    /**
     * One curve.
     *
     * @param name   legend label
     * @param x      x values
     * @param y      y values (NaN: no point)
     * @param err    error-bar half-widths, or null
     * @param dashed drawn dashed without error bars (closed forms)
     * @param colour palette index (a mechanism's Monte Carlo and theory curves share one)
     */
    public record Curve(String name, double[] x, double[] y, double[] err, boolean dashed, int colour) {
        public Curve {
            Objects.requireNonNull(name, "name");
            if (x.length != y.length || (err != null && err.length != x.length)) {
                throw new org.rf4j.api.DimensionMismatchException("curve '" + name + "': x has " + x.length + " values, y "
                        + y.length + (err == null ? "" : ", err " + err.length) + "; the lengths must be equal");
            }
        }
    }

    /** Plain JSON-like form. */
    public Map<String, Object> toPlain() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", title);
        m.put("xLabel", xLabel);
        m.put("yLabel", yLabel);
        m.put("series", series.stream().map(c -> {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("name", c.name());
            s.put("theory", c.dashed());
            s.put("x", finite(c.x()));
            s.put("y", finite(c.y()));
            if (c.err() != null) {
                s.put("err", finite(c.err()));
            }
            return s;
        }).toList());
        return m;
    }

    private static List<Object> finite(double[] v) {
        return java.util.Arrays.stream(v).mapToObj(d -> Double.isFinite(d) ? (Object) d : null).toList();
    }
}
