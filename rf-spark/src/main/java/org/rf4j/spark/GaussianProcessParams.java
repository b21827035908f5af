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
package org.rf4j.spark;

import java.util.Arrays;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.ParamValidators;
import org.apache.spark.ml.param.Params;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apiguardian.api.API;
import org.rf4j.api.InvalidParameterException;

/**
 * The params the Gaussian-process estimator and its model share: the input vector column, the
 * output columns (predictive mean, predictive standard deviation, optional interval bounds), the
 * interval's probability and the rows per block, with their setters.
 *
 * @param <S> the stage, which the setters return
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public interface GaussianProcessParams<S extends GaussianProcessParams<S>> extends RandomFeaturesParams {

    /** The holder of the shared params (internal). */
    GpParams gpParams();

    default Param<String> inputCol() {
        return gpParams().inputCol;
    }

    /** Output column of predictive means (default {@code prediction}). */
    default Param<String> predictionCol() {
        return gpParams().predictionCol;
    }

    /** Output column of predictive standard deviations, noise included (default {@code std}). */
    default Param<String> stdCol() {
        return gpParams().stdCol;
    }

    /** Probability of the central predictive interval; 0 (default): no interval columns. */
    default DoubleParam intervalLevel() {
        return gpParams().intervalLevel;
    }

    /** Output column of the interval's lower bounds (default {@code lower}). */
    default Param<String> lowerCol() {
        return gpParams().lowerCol;
    }

    /** Output column of the interval's upper bounds (default {@code upper}). */
    default Param<String> upperCol() {
        return gpParams().upperCol;
    }

    /** Rows per block: the fit's fixed summation blocks and the transform's batch (default 4096). */
    default IntParam blockRows() {
        return gpParams().blockRows;
    }

    default String getInputCol() {
        return gpParams().owner.getOrDefault(inputCol());
    }

    default String getPredictionCol() {
        return gpParams().owner.getOrDefault(predictionCol());
    }

    default String getStdCol() {
        return gpParams().owner.getOrDefault(stdCol());
    }

    default double getIntervalLevel() {
        return (Double) gpParams().owner.getOrDefault(intervalLevel());
    }

    default String getLowerCol() {
        return gpParams().owner.getOrDefault(lowerCol());
    }

    default String getUpperCol() {
        return gpParams().owner.getOrDefault(upperCol());
    }

    default int getBlockRows() {
        return (Integer) gpParams().owner.getOrDefault(blockRows());
    }

    default S setInputCol(String value) {
        return with(inputCol(), value);
    }

    default S setPredictionCol(String value) {
        return with(predictionCol(), value);
    }

    default S setStdCol(String value) {
        return with(stdCol(), value);
    }

    /** 0 (no interval columns) or the interval's probability in (0, 1), e.g. 0.95. */
    default S setIntervalLevel(double value) {
        return with(intervalLevel(), GpParams.checkLevel(value));
    }

    default S setLowerCol(String value) {
        return with(lowerCol(), value);
    }

    default S setUpperCol(String value) {
        return with(upperCol(), value);
    }

    default S setBlockRows(int value) {
        return with(blockRows(), GpParams.checkBlockRows(value));
    }

    @SuppressWarnings("unchecked")
    private <T> S with(Param<T> param, T value) {
        gpParams().owner.set(param, value);
        return (S) this;
    }

    /** The shared params of one stage. */
    @API(status = API.Status.INTERNAL, since = "0.1")
    final class GpParams implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        /** The default rows per block. */
        public static final int DEFAULT_BLOCK_ROWS = 4096;

        final Params owner;
        final Param<String> inputCol;
        final Param<String> predictionCol;
        final Param<String> stdCol;
        final DoubleParam intervalLevel;
        final Param<String> lowerCol;
        final Param<String> upperCol;
        final IntParam blockRows;

        GpParams(Params owner) {
            this.owner = owner;
            inputCol = new Param<>(owner, "inputCol", "input column of vectors (e.g. VectorAssembler's output)");
            predictionCol = new Param<>(owner, "predictionCol", "output column of predictive means");
            stdCol = new Param<>(owner, "stdCol", "output column of predictive standard deviations (noise included)");
            intervalLevel = new DoubleParam(owner, "intervalLevel", "probability of the central predictive interval "
                    + "written to lowerCol and upperCol; 0: none", ParamValidators.inRange(0, 1, true, false));
            lowerCol = new Param<>(owner, "lowerCol", "output column of the interval's lower bounds");
            upperCol = new Param<>(owner, "upperCol", "output column of the interval's upper bounds");
            blockRows = new IntParam(owner, "blockRows", "rows per block: the fit's fixed summation blocks (the "
                    + "posterior depends on it, not on the partitioning) and the transform's batch; >= 1",
                    ParamValidators.gtEq(1));
            owner.setDefault(inputCol, "features");
            owner.setDefault(predictionCol, "prediction");
            owner.setDefault(stdCol, "std");
            owner.setDefault(intervalLevel, 0.0);
            owner.setDefault(lowerCol, "lower");
            owner.setDefault(upperCol, "upper");
            owner.setDefault(blockRows, DEFAULT_BLOCK_ROWS);
        }

        static double checkLevel(double value) {
            return TypedParams.check("intervalLevel", value, value >= 0 && value < 1,
                    "0 (no interval) or a probability in (0, 1)");
        }

        static int checkBlockRows(int value) {
            return TypedParams.check("blockRows", value, value >= 1, "an integer >= 1");
        }

        /** The schema with the output columns added; each must be new. */
        StructType withOutputs(StructType schema) {
            StructType out = schema;
            String[] names = outputs();
            for (String name : names) {
                if (Arrays.asList(out.fieldNames()).contains(name)) {
                    throw new InvalidParameterException(paramOf(name), name, "a column name not already in the data; "
                            + "the columns are " + Arrays.toString(out.fieldNames()));
                }
                out = out.add(name, DataTypes.DoubleType, false);
            }
            return out;
        }

        String[] outputs() {
            String p = owner.getOrDefault(predictionCol);
            String s = owner.getOrDefault(stdCol);
            if ((Double) owner.getOrDefault(intervalLevel) > 0) {
                return new String[] {p, s, owner.getOrDefault(lowerCol), owner.getOrDefault(upperCol)};
            }
            return new String[] {p, s};
        }

        private String paramOf(String name) {
            for (Param<String> p : java.util.List.of(predictionCol, stdCol, lowerCol, upperCol)) {
                if (name.equals(owner.getOrDefault(p))) {
                    return p.name();
                }
            }
            return "outputCol";
        }
    }
}
