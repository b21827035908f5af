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
import java.util.List;

/**
 * The frame of the built-in tasks: the id and how the metric is read (its name, its direction, and
 * whether it is plotted on a log scale) are fixed when a task is made.
 */
abstract class AbstractEvaluationTask implements EvaluationTask {
    private final String id;
    private final String metric;
    private final boolean higherIsBetter;
    private final boolean logScale;
    /** Notes for the report, in the order they were made. */
    protected final List<String> notes = new ArrayList<>();

    /**
     * @param id             the task id
     * @param metric         the metric's name
     * @param higherIsBetter whether a larger metric is better
     * @param logScale       whether the metric is plotted on a log scale
     */
    AbstractEvaluationTask(String id, String metric, boolean higherIsBetter, boolean logScale) {
        this.id = id;
        this.metric = metric;
        this.higherIsBetter = higherIsBetter;
        this.logScale = logScale;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String metric() {
        return metric;
    }

    @Override
    public final boolean higherIsBetter() {
        return higherIsBetter;
    }

    @Override
    public final boolean logScale() {
        return logScale;
    }

    @Override
    public final List<String> notes() {
        return List.copyOf(notes);
    }
}
