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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Arrays;
import org.apache.spark.ml.Pipeline;
import org.apache.spark.ml.PipelineModel;
import org.apache.spark.ml.PipelineStage;
import org.apache.spark.ml.classification.LogisticRegression;
import org.apache.spark.ml.evaluation.BinaryClassificationEvaluator;
import org.apache.spark.ml.param.ParamMap;
import org.apache.spark.ml.tuning.CrossValidator;
import org.apache.spark.ml.tuning.CrossValidatorModel;
import org.apache.spark.ml.tuning.ParamGridBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.RfException;

/** The typed params compose with the JSON config, and CrossValidator tunes them. */
class TuningSparkTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void setTypedParamsReplaceTheirConfigKeysAndUnsetOnesLeaveTheConfigAsItIs() throws Exception {
        RandomFeatures rf = new RandomFeatures().setConfig(RandomFeaturesSparkTest.TRIG);
        assertThat(rf.getComposedConfig()).isEqualTo(RandomFeaturesSparkTest.TRIG);
        rf.setM(32).setSigma(2.5).setKernel("gaussian").setCoupling("iid").setFeatures("positive").setSeed(99);
        JsonNode c = JSON.readTree(rf.getComposedConfig());
        assertThat(c.at("/estimator/m").asInt()).isEqualTo(32);
        assertThat(c.at("/kernel/sigma").asDouble()).isEqualTo(2.5);
        assertThat(c.at("/kernel/id").asText()).isEqualTo("gaussian");
        assertThat(c.at("/estimator/coupling/id").asText()).isEqualTo("iid");
        assertThat(c.at("/estimator/features/id").asText()).isEqualTo("positive");
        assertThat(c.at("/seed").asLong()).isEqualTo(99);
        assertThat(c.at("/estimator/id").asText()).isEqualTo("random-features");

        Dataset<Row> df = SparkTestSupport.frame(SparkTestSupport.session(),
                SparkTestSupport.gaussianRows(50, 3, 0.5, 4), null, 1);
        RandomFeaturesModel model = rf.fit(df);
        assertThat(model.getOutputDimension()).isEqualTo(32);
        assertThat((Integer) model.getOrDefault(model.m())).isEqualTo(32);
        assertThat(JSON.readTree(model.getFittedConfig()).at("/kernel/sigma").asDouble()).isEqualTo(2.5);
        // the same map as the composed JSON config given directly: same bits
        RandomFeaturesModel direct = new RandomFeatures().setConfig(rf.getComposedConfig()).fit(df);
        assertThat(Arrays.deepEquals(RandomFeaturesSparkTest.features(model.transform(df), "rf"),
                RandomFeaturesSparkTest.features(direct.transform(df), "rf"))).isTrue();
    }

    @Test
    void badTypedValuesAreRefusedNamingTheParamOrKey() {
        assertThatThrownBy(() -> new RandomFeatures().setM(0)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("m").hasMessageContaining(">= 1");
        assertThatThrownBy(() -> new RandomFeatures().setSigma(-1)).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("sigma").hasMessageContaining("-1");
        assertThatThrownBy(() -> new RandomFeatures().setCoupling(" ")).isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("coupling");
        RandomFeatures unknown = new RandomFeatures().setFeatures("no-such-map");
        assertThatThrownBy(unknown::getComposedConfig).isInstanceOf(RfException.class)
                .hasMessageContaining("no-such-map");
        // a grid value bypasses the setters: fit refuses it the same way
        Dataset<Row> df = SparkTestSupport.frame(SparkTestSupport.session(),
                SparkTestSupport.gaussianRows(10, 2, 0.5, 4), null, 1);
        RandomFeatures base = new RandomFeatures();
        RandomFeatures viaParamMap = base.copy(new ParamMap().put(base.kernel(), "nope"));
        assertThatThrownBy(() -> viaParamMap.fit(df)).isInstanceOf(RfException.class).hasMessageContaining("nope");
    }

    @Test
    void crossValidatorTunesMAndSigmaThroughTheTypedParams() throws Exception {
        double[] y = new double[400];
        double[][] x = SparkTestSupport.circles(400, 31, y);
        Dataset<Row> train = SparkTestSupport.frame(SparkTestSupport.session(), x, y, 2).cache();
        RandomFeatures rf = new RandomFeatures().setConfig(RandomFeaturesSparkTest.TRIG);
        LogisticRegression lr = new LogisticRegression().setFeaturesCol("rf").setMaxIter(30);
        Pipeline pipeline = new Pipeline().setStages(new PipelineStage[] {rf, lr});
        // Circles of radii 0.5 and 1: σ = 0.3 resolves them, σ = 30 makes the kernel nearly flat;
        // m = 1 gives two features, too few for a ring.
        ParamMap[] grid = new ParamGridBuilder().addGrid(rf.m(), new int[] {1, 48})
                .addGrid(rf.sigma(), new double[] {0.3, 30}).build();
        CrossValidatorModel cv = new CrossValidator().setEstimator(pipeline).setEstimatorParamMaps(grid)
                .setEvaluator(new BinaryClassificationEvaluator()).setNumFolds(2).setSeed(1).fit(train);
        double[] auc = cv.avgMetrics();
        int best = 0;
        for (int i = 1; i < auc.length; i++) {
            best = auc[i] > auc[best] ? i : best;
        }
        assertThat((Integer) grid[best].apply(rf.m())).isEqualTo(48);
        assertThat((Double) grid[best].apply(rf.sigma())).isEqualTo(0.3);
        assertThat(auc[best]).isGreaterThan(0.95);
        RandomFeaturesModel chosen = (RandomFeaturesModel) ((PipelineModel) cv.bestModel()).stages()[0];
        JsonNode fitted = JSON.readTree(chosen.getFittedConfig());
        assertThat(fitted.at("/estimator/m").asInt()).isEqualTo(48);
        assertThat(fitted.at("/kernel/sigma").asDouble()).isEqualTo(0.3);
        assertThat((Double) chosen.getOrDefault(chosen.sigma())).isEqualTo(0.3);
        train.unpersist();
    }
}
