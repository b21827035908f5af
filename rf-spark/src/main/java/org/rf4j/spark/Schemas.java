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
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidParameterException;

/** Schema checks shared by the estimator and the model (package-private). */
final class Schemas {
    static final String QUERY = "query";
    static final String KEY = "key";

    private Schemas() {
    }

    /**
     * The index of the input column, which must exist and hold vectors; its size, where the column's
     * metadata records one, must be {@code d} (d &lt; 0: any size).
     */
    static int checkInput(StructType schema, String column, int d) {
        int index = Arrays.asList(schema.fieldNames()).indexOf(column);
        if (index < 0) {
            throw new InvalidParameterException("inputCol", column, "an existing column; the columns are "
                    + Arrays.toString(schema.fieldNames()));
        }
        StructField field = schema.fields()[index];
        if (!field.dataType().equals(SQLDataTypes.VectorType())) {
            throw new InvalidParameterException("inputCol", column, "a column of type Vector (e.g. VectorAssembler's "
                    + "output); it has type " + field.dataType().simpleString());
        }
        int size = inputSize(field);
        if (d >= 0 && size >= 0 && size != d) {
            throw new DimensionMismatchException("column '" + column + "' holds vectors of size " + size
                    + " but the model was fitted for size " + d);
        }
        return index;
    }

    /** The vector size the column's ML attribute metadata records, or −1. */
    static int inputSize(StructField field) {
        return AttributeGroup.fromStructField(field).size();
    }

    /** The output schema: the input schema plus the vector column (with its size in the metadata). */
    static StructType withOutput(StructType schema, String column, int size) {
        if (Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new InvalidParameterException("outputCol", column, "a column name not already in the data; the "
                    + "columns are " + Arrays.toString(schema.fieldNames()));
        }
        AttributeGroup group = size >= 0 ? new AttributeGroup(column, size) : new AttributeGroup(column);
        return schema.add(group.toStructField());
    }

    static void checkSide(String side) {
        if (!QUERY.equals(side) && !KEY.equals(side)) {
            throw new InvalidParameterException("side", side, "\"" + QUERY + "\" (features φq) or \"" + KEY
                    + "\" (features φk of asymmetric maps)");
        }
    }
}
