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
package org.rf4j.hybrid;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.InvalidInputException;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.AbstractMechanism;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.FitData;
import org.rf4j.api.mechanism.LambdaEstimator;
import org.rf4j.api.mechanism.LambdaRequest;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.LambdaEstimatorProvider;
import org.rf4j.spi.Param;
import org.rf4j.spi.Parameters;
import org.apiguardian.api.API;

/**
 * The deterministic cluster-indicator λ of HRF Sec. 2.4 and Def. H.2 (Eq. 103):
 * {@code λ^{i,j}(x, y) = 1[x ∈ Xᵢ]·1[y ∈ Yⱼ]}, with membership by the nearest centre (ties: the
 * lowest index). Linear form: a = 0, ρ₁(x) = 1[x ∈ Xᵢ], ρ₂(y) = 1[y ∈ Yⱼ] (one feature per side;
 * "the n symbol vanishes since ρ is deterministic"), so E[λ̂²] = λ.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class ClusterLambda implements LambdaEstimator {
    public static final String ID = "cluster";

    private static final Param<Optional<double[]>> QUERY_CENTRES = Param.numbers("queryCentres",
            "query-side centres, row-major (k·d entries)");
    private static final Param<Optional<double[]>> KEY_CENTRES = Param.numbers("keyCentres",
            "key-side centres, row-major (k·d entries)");
    private static final Param<Optional<String>> QUERY_CENTRES_FILE = Param.dataFile("queryCentresFile",
            "file of query centres (one per row)");
    private static final Param<Optional<String>> KEY_CENTRES_FILE = Param.dataFile("keyCentresFile",
            "file of key centres (one per row)");
    private static final Param<Integer> DIMENSION = Param.integer("dimension", 0, 0L, null,
            "d, to split the centre lists into rows (0: one centre per list)");
    private static final Param<Integer> QUERY_CLUSTER = Param.integer("queryCluster", 0, 0L, null,
            "index i of the query cluster");
    private static final Param<Integer> KEY_CLUSTER = Param.integer("keyCluster", 0, 0L, null,
            "index j of the key cluster");

    /** One side's centres: given inline ({@code list}) or as a file ({@code file}), exactly one. */
    private record CentreSide(Param<Optional<double[]>> list, Param<Optional<String>> file) {
    }

    private static final CentreSide QUERY = new CentreSide(QUERY_CENTRES, QUERY_CENTRES_FILE);
    private static final CentreSide KEY = new CentreSide(KEY_CENTRES, KEY_CENTRES_FILE);

    private final Spec spec;
    private final Matrix queryCentres;
    private final Matrix keyCentres;
    private final int queryCluster;
    private final int keyCluster;

    /**
     * @param queryCentres the query-side centres (rows, scaled coordinates)
     * @param keyCentres   the key-side centres
     * @param queryCluster the index i of the query cluster
     * @param keyCluster   the index j of the key cluster
     */
    public ClusterLambda(Matrix queryCentres, Matrix keyCentres, int queryCluster, int keyCluster) {
        this(null, queryCentres, keyCentres, queryCluster, keyCluster);
    }

    private ClusterLambda(Spec spec, Matrix queryCentres, Matrix keyCentres, int queryCluster, int keyCluster) {
        this.queryCentres = Objects.requireNonNull(queryCentres, "queryCentres").copy();
        this.keyCentres = Objects.requireNonNull(keyCentres, "keyCentres").copy();
        queryCentres.requireNonEmpty("queryCentres").requireFinite("queryCentres");
        keyCentres.requireNonEmpty("keyCentres").requireFinite("keyCentres").requireCols(queryCentres.cols(), "keyCentres");
        if (queryCluster < 0 || queryCluster >= queryCentres.rows()) {
            throw new InvalidParameterException("queryCluster", queryCluster,
                    "an index in [0, " + (queryCentres.rows() - 1) + "] (there are " + queryCentres.rows()
                            + " query centres)");
        }
        if (keyCluster < 0 || keyCluster >= keyCentres.rows()) {
            throw new InvalidParameterException("keyCluster", keyCluster,
                    "an index in [0, " + (keyCentres.rows() - 1) + "] (there are " + keyCentres.rows() + " key centres)");
        }
        this.queryCluster = queryCluster;
        this.keyCluster = keyCluster;
        this.spec = spec != null ? spec
                : Spec.of(ID, "queryCentres", queryCentres.data().clone(), "keyCentres", keyCentres.data().clone(),
                        "dimension", (long) queryCentres.cols(), "queryCluster", (long) queryCluster,
                        "keyCluster", (long) keyCluster);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The index of the nearest centre to row {@code row} of {@code x} (ties: lowest index). */
    static int nearest(Matrix centres, double[] x, int offset) {
        int d = centres.cols();
        double[] c = centres.data();
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < centres.rows(); i++) {
            double s = 0;
            for (int k = 0; k < d; k++) {
                double t = x[offset + k] - c[i * d + k];
                s += t * t;
            }
            if (s < bestD) {
                bestD = s;
                best = i;
            }
        }
        return best;
    }

    private void checkDimension(int d) {
        if (queryCentres.cols() != d) {
            throw new DimensionMismatchException("cluster centres have " + queryCentres.cols()
                    + " coordinates but the input dimension is " + d);
        }
    }

    private static Matrix indicator(Matrix centres, int cluster, Matrix x) {
        int n = x.rows();
        Matrix o = Matrix.zeros(n, 1);
        for (int i = 0; i < n; i++) {
            o.data()[i] = nearest(centres, x.data(), i * x.cols()) == cluster ? 1.0 : 0.0;
        }
        return o;
    }

    @Override
    public double value(double[] x, double[] y) {
        checkDimension(x.length);
        return nearest(queryCentres, x, 0) == queryCluster && nearest(keyCentres, y, 0) == keyCluster ? 1.0 : 0.0;
    }

    @Override
    public DrawnLambda draw(LambdaRequest request) {
        checkDimension(request.d());
        return new DrawnLinearLambdaFeatures(0.0, request.d(), 1, x -> indicator(queryCentres, queryCluster, x),
                y -> indicator(keyCentres, keyCluster, y));
    }

    @Override
    public OptionalDouble secondMoment(double[] x, double[] y) {
        return OptionalDouble.of(value(x, y));
    }

    /**
     * A {@code cluster} λ whose centres are in data files ({@code queryCentresFile},
     * {@code keyCentresFile}): the config loader reads them, and {@link #fit} turns them into a
     * {@link ClusterLambda} whose spec lists the centres, so the fitted config needs no file.
     */
    static final class Unfitted extends AbstractMechanism implements LambdaEstimator {
        private final Parameters p;

        Unfitted(Parameters p) {
            this.p = p;
        }

        @Override
        public Spec spec() {
            return p.spec();
        }

        @Override
        public boolean needsFit() {
            return true;
        }

        /**
         * The centres of the files in kernel coordinates (the files are in the caller's, like all data;
         * the λ is evaluated on scaled inputs), as the clustering hybrid's fit takes them. A side given
         * inline is already in kernel coordinates (as in a fitted spec) and is kept as it is.
         */
        @Override
        public LambdaEstimator fit(FitData data) {
            double s = data.kernel().inputScale();
            Matrix q = centres(p, data, QUERY, s);
            Matrix k = centres(p, data, KEY, s);
            Spec fitted = p.spec().without(QUERY_CENTRES_FILE.name()).without(KEY_CENTRES_FILE.name())
                    .with(QUERY_CENTRES.name(), q.data().clone()).with(KEY_CENTRES.name(), k.data().clone())
                    .with(DIMENSION.name(), (long) q.cols());
            return make(p, fitted, q, k);
        }

        private RuntimeException unfitted() {
            return new InvalidInputException("λ '" + ID + "' at " + p.path() + " names centre files; fit the estimator"
                    + " first (the config loader reads the files, the fit stage takes the centres)");
        }

        @Override
        public double value(double[] x, double[] y) {
            throw unfitted();
        }

        @Override
        public DrawnLambda draw(LambdaRequest request) {
            throw unfitted();
        }
    }

    /** The {@code cluster} provider. */
    public static final class Provider extends AbstractProvider<LambdaEstimator> implements LambdaEstimatorProvider {
        public Provider() {
            super(ID,
                    "deterministic cluster indicator λ = 1[x ∈ Xᵢ]·1[y ∈ Yⱼ], nearest-centre membership (HRF Def. H.2)",
                    Provider::build, QUERY_CENTRES, KEY_CENTRES, QUERY_CENTRES_FILE, KEY_CENTRES_FILE, DIMENSION,
                    QUERY_CLUSTER, KEY_CLUSTER);
        }

        private static LambdaEstimator build(Parameters p, BuildContext context) {
            for (CentreSide side : new CentreSide[] {QUERY, KEY}) {
                if (p.has(side.list()) == p.has(side.file())) {
                    throw new InvalidParameterException(p.key(side.list()), "give exactly one of '"
                            + side.list().name() + "' and '" + side.file().name() + "'");
                }
            }
            if (p.has(QUERY_CENTRES_FILE) || p.has(KEY_CENTRES_FILE)) {
                return new Unfitted(p);
            }
            return make(p, p.spec(), centres(p, null, QUERY, 1.0), centres(p, null, KEY, 1.0));
        }
    }

    private static ClusterLambda make(Parameters p, Spec spec, Matrix q, Matrix k) {
        if (q.cols() != k.cols()) {
            throw new DimensionMismatchException("query centres have " + q.cols() + " coordinates, key centres "
                    + k.cols());
        }
        try {
            return new ClusterLambda(spec, q, k, p.get(QUERY_CLUSTER), p.get(KEY_CLUSTER));
        } catch (InvalidParameterException e) {
            throw Messages.requalify(p.path(), e);
        }
    }

    /** A side's centres: its list, else (at fit) the rows of its file. */
    /** One side's centres in kernel coordinates: a file's rows times {@code fileScale}, or the inline list. */
    private static Matrix centres(Parameters p, FitData fit, CentreSide side, double fileScale) {
        if (p.has(side.file())) {
            return fit.file(side.file().name()).scaled(fileScale);
        }
        double[] v = p.get(side.list()).orElseThrow();
        int d = p.get(DIMENSION) == 0 ? v.length : p.get(DIMENSION);
        if (v.length == 0 || v.length % d != 0) {
            throw new InvalidParameterException(p.key(side.list()), v.length + " entries",
                    "a non-empty multiple of dimension = " + d + " (row-major centres)");
        }
        return Matrix.wrap(v.length / d, d, v);
    }
}
