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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;

class AttentionTaskTest {

    /** Bidirectional and causal Performer error against exact attention shrinks with m. */
    @Test
    void attentionErrorShrinksWithMAndNonPositiveMapsAreSkipped() {
        for (boolean causal : new boolean[] {false, true}) {
            AttentionTask task = AttentionTask.synthetic(64, 8, 4, 0.5, causal, 1);
            List<EvaluationConfig> configs = List.of(
                    EvaluationConfig.of("positive", Fixtures.rf("iid", "positive")),
                    EvaluationConfig.of("trig", Fixtures.rf("iid", "trigonometric")));
            EvaluationResult r = new Evaluation(task, configs, List.of(4, 256), 6, 2,
                    Evaluation.Progress.none()).run();
            assertThat(r.series()).extracting(EvaluationResult.Series::label).containsExactly("positive");
            assertThat(r.notes()).anyMatch(n -> n.startsWith("skipped 'trig'") && n.contains("positive feature map"));
            EvaluationResult.Point small = r.series().get(0).points().get(0);
            EvaluationResult.Point large = r.series().get(0).points().get(1);
            // a 64-fold m must at least halve the error, and the drop must exceed 4 combined SEs
            double se = Math.sqrt((small.std() * small.std() + large.std() * large.std()) / 6);
            assertThat(large.mean()).as("causal=%s", causal).isLessThan(small.mean() / 2);
            assertThat(small.mean() - large.mean()).as("causal=%s", causal).isGreaterThan(4 * se);
            assertThat(r.kernel().id()).isEqualTo("softmax");
        }
    }

    @Test
    void shapesAreChecked() {
        Matrix q = Matrix.zeros(4, 3);
        assertThatThrownBy(() -> new AttentionTask(q, Matrix.zeros(5, 3), Matrix.zeros(4, 2), false, "x"))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("5");
        assertThatThrownBy(() -> new AttentionTask(q, Matrix.zeros(5, 3), Matrix.zeros(5, 2), true, "x"))
                .isInstanceOf(DimensionMismatchException.class).hasMessageContaining("causal");
    }
}
