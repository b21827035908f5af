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
 * The plain-text table of an evaluation: one row per (mechanism, m) with mean ± std of the metric,
 * the closed form where known and mean ± std of the run time.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class TextTable {
    private TextTable() {
    }

    /** Renders the table, the reference value and the notes. */
    public static String render(EvaluationResult r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"mechanism", "m", r.metric() + " (mean ± std)", "theory", "time ms (mean ± std)"});
        for (EvaluationResult.Series s : r.series()) {
            for (EvaluationResult.Point p : s.points()) {
                rows.add(new String[] {s.label(), Integer.toString(p.m()), Markup.num(p.mean()) + " ± " + Markup.num(p.std()),
                    Markup.num(p.theory()), String.format(Locale.ROOT, "%.2f ± %.2f", 1e3 * p.seconds(), 1e3 * p.secondsStd())});
            }
        }
        int[] w = new int[5];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                w[i] = Math.max(w[i], row[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        b.append(r.title()).append(" — ").append(r.metric()).append(r.higherIsBetter() ? " (higher is better)" : " (lower is better)")
                .append(", kernel ").append(r.kernel().toPlain()).append(", ").append(r.seeds()).append(" seeds\n");
        for (int k = 0; k < rows.size(); k++) {
            String[] row = rows.get(k);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                b.append(i == 0 ? pad(row[i], w[i]) : padLeft(row[i], w[i]));
            }
            b.append('\n');
            if (k == 0) {
                int total = 0;
                for (int x : w) {
                    total += x;
                }
                b.append("-".repeat(total + 8)).append('\n');
            }
        }
        if (!Double.isNaN(r.reference())) {
            b.append("exact kernel: ").append(Markup.num(r.reference())).append('\n');
        }
        for (String n : r.notes()) {
            b.append("note: ").append(n).append('\n');
        }
        return b.toString();
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(w - s.length());
    }

    private static String padLeft(String s, int w) {
        return " ".repeat(w - s.length()) + s;
    }
}
