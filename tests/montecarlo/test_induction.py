"""The embedding-level simulator of the canonical induction model: structure, exactness, reproducibility."""

import math

import numpy as np
import pytest

from montecarlo import conventions as conv
from montecarlo import induction as MI
from tests.montecarlo.threads import under_thread_counts
from theory import induction as TI
from theory import score as TS


def one_draw(model, n=64, seed=3):
    return MI.sample(model, n, MI._generator(seed, 0))


# --- the model ------------------------------------------------------------------------------------


def test_target_predecessor_carries_the_query_token():
    T = 12
    st = one_draw(MI.SequenceModel(8, T))
    rows = np.arange(st.js.size)
    assert st.js.min() >= 1 and st.js.max() <= T - 2  # 1-based j* in [2, T-1]
    np.testing.assert_array_equal(st.K[rows, st.js - 1], st.Q[:, T - 1])
    assert st.K is st.Q  # shared tables, no RoPE: one stream
    # continuum alphabet: no other candidate carries the query's embedding
    same = np.all(st.K[:, : T - 1] == st.Q[:, T - 1][:, None, :], axis=2)
    np.testing.assert_array_equal(same.sum(axis=1), 1)


def test_finite_alphabet_token_rules():
    T, V = 10, 3
    st = one_draw(MI.SequenceModel(4, T, alphabet=V), n=4000)
    q = st.Q[:, T - 1]
    isA = np.all(st.K[:, :T] == q[:, None, :], axis=2)
    rows = np.arange(isA.shape[0])
    assert isA[rows, st.js - 1].all()
    inner = isA[:, : T - 2].copy()
    inner[rows, st.js - 1] = False
    assert not inner.any()  # positions 1..T-2 other than j*-1 never carry A
    assert 0.25 < isA[:, T - 2].mean() < 0.42  # position T-1 carries A with probability 1/V


def test_independent_tables_break_the_query_key_link():
    st = one_draw(MI.SequenceModel(8, 12, embeddings="independent"))
    rows = np.arange(st.js.size)
    assert not np.allclose(st.K[rows, st.js - 1], st.Q[:, -1])


def test_rope_keeps_norms_and_makes_scores_relative():
    X = np.random.default_rng(0).standard_normal((1, 6, 8))
    R = MI.rope_rotate(np.repeat(X[:, :1], 6, axis=1), 100.0)  # the same vector at positions 1..6
    np.testing.assert_allclose(np.linalg.norm(R, axis=2), np.linalg.norm(X[0, 0]), rtol=1e-12)
    G = R[0] @ R[0].T
    np.testing.assert_allclose(G[0, 2], G[3, 5], rtol=1e-12)  # depends on the offset only


@pytest.mark.parametrize("kw", [dict(), dict(rope=50.0), dict(alphabet=5, embeddings="independent")])
def test_channels_match_theory_score(kw):
    """Channels and the combined score agree with theory.score (Thm 11 and eq. 28, boundary p_1 = 0)."""
    model = MI.SequenceModel(6, 9, **kw)
    st = one_draw(model, n=5)
    C = MI.channel_values(st)
    for i in range(5):
        terms = TS.four_terms(st.Q[i], st.K[i], boundary="p1=0")
        for c in range(4):
            np.testing.assert_allclose(C[i, c], terms[c][-1, :-1], rtol=1e-12, atol=1e-12)
        S = MI.combine(C[i : i + 1] / math.sqrt(6), 0.7, 1.3)
        ref = TS.psa_scores(st.Q[i], st.K[i], 0.7, 1.3, boundary="p1=0")[-1, :-1]
        np.testing.assert_allclose(S[0], ref, rtol=1e-12, atol=1e-12)


def test_bad_models_are_rejected():
    for kw in (
        dict(dk=0, T=10),
        dict(dk=4, T=2),
        dict(dk=5, T=10, rope=100.0),
        dict(dk=4, T=10, alphabet=1),
        dict(dk=4, T=10, embeddings="tied"),
        dict(dk=4, T=10, boundary="p0=0"),
    ):
        with pytest.raises(ValueError):
            MI.SequenceModel(**kw)
    with pytest.raises(ValueError):
        MI.simulate(MI.SequenceModel(4, 10), channels=("T5",), trials=10)
    with pytest.raises(ValueError):
        MI.simulate(MI.SequenceModel(4, 10), gamma_q=math.nan, trials=10)


# --- observables ----------------------------------------------------------------------------------


def test_argmax_ties_are_shared():
    S = np.array([[1.0, 1.0, 0.0], [2.0, 1.0, 2.0], [0.0, 0.0, 0.0]])
    np.testing.assert_allclose(MI.argmax_hit(S, np.array([0, 1, 2])), [0.5, 0.0, 1 / 3])
    np.testing.assert_allclose(MI.target_mass(np.zeros((1, 4)), np.array([2])), [0.25])
    np.testing.assert_allclose(MI.target_mass(np.array([[800.0, 0.0]]), np.array([0])), [1.0])


def test_results_depend_only_on_seed_and_parameters():
    m = MI.SequenceModel(8, 10)
    a = MI.simulate(m, 0.5, 1.5, trials=3000, seed=4)
    b = MI.simulate(m, 0.5, 1.5, trials=3000, seed=4)
    c = MI.simulate(m, 0.5, 1.5, trials=3000, seed=5)
    assert (a.mass, a.accuracy) == (b.mass, b.accuracy)
    assert a.mass != c.mass
    # a result is a sum over fixed chunks: the first CHUNK trials are the same in a longer run
    short = MI.class_moments(m, trials=MI.CHUNK, seed=9)
    again = MI.class_moments(m, trials=MI.CHUNK, seed=9)
    assert short.snr == again.snr


def test_q_independent_head_is_at_chance_and_anti_aligned_at_the_ceiling():
    T = 8
    m = MI.SequenceModel(8, T)
    res = MI.head_battery(m, MI.standard_heads(8), trials=20_000, seed=2)
    for name, target in (("q-independent", 1 / (T - 1)), ("anti-aligned", 1 / (T - 2))):
        r = res[name]
        assert abs(r.peak - target) < 4 * r.peak_se, (name, r.peak)
    assert res["aligned"].prev_top > 0.8


def test_bilinear_head_is_pointwise_in_the_key():
    head = MI.bilinear_head(lambda q: q, lambda k: np.tanh(k))
    q = np.ones((2, 3))
    K = np.arange(24, dtype=float).reshape(2, 4, 3) / 10
    S = head(q, K)
    np.testing.assert_allclose(S[1, 2], np.tanh(K[1, 2]).sum())


def test_class_means_match_the_exact_table():
    cm = MI.class_moments(MI.SequenceModel(12, 10), trials=6000, seed=1)
    exact = TI.channel_means()
    for cls in MI.CLASSES:
        mean, se = cm.channel_mean[cls], cm.channel_se[cls]
        for mu, s, e in zip(mean, se, exact[cls]):
            assert abs(mu - float(e)) <= 5 * s + 1e-12, (cls, mean, exact[cls])


def test_key_only_variance_matches_the_exact_value():
    cm = MI.class_moments(MI.SequenceModel(16, 10), 0.0, 1.0, channels=("T1", "T3"), trials=8000, seed=2)
    assert abs(cm.score_var["generic"] - 5.0) < 5 * cm.score_var_se["generic"]  # 1 + 2 g + 2 g^2 at g = 1


def test_curves_endpoint_and_extraction():
    T = 10
    cur = MI.curves(
        MI.SequenceModel(8, T),
        np.linspace(0, 4, 9),
        direction=(1, 1),
        channels=("T4",),
        sign=-1.0,
        trials=2000,
        seeds=2,
        seed=3,
    )
    # gamma = 0 with the T4 channel alone: every score is 0, the mass is exactly 1/(T-1)
    np.testing.assert_allclose(cur.mass[:, 0], 1 / (T - 1), rtol=1e-12)
    g, p = cur.gamma_c()
    assert len(g) == 2 and all(0 < x < 4 for x in g)


# --- §7.9 dependent ensemble ----------------------------------------------------------------------


@pytest.mark.parametrize("mix", [True, False])
def test_dependent_kernel_matches_numpy_reference(mix):
    g = conv.gamma_grid(13, 3.0)
    h = g[-1] / 12
    sums, _ = MI.dependent_chunks(5, 0, 3, 1300, 9, 8, mix, h * h, 13)
    ref = MI.dependent_reference(5, 1300, 9, 8, g, mix=mix)
    np.testing.assert_allclose(sums.sum(axis=0) / 1300, ref, rtol=1e-11, atol=1e-13)


@pytest.mark.parametrize("mix", [True, False])
def test_dependent_chunks_on_one_or_two_threads_and_under_cheap_compile_are_the_same_bits(mix):
    from montecarlo import kernels

    h2 = (8.0 / 60) ** 2
    runs = under_thread_counts(lambda: MI.dependent_chunks(7, 0, 3, 1200, 13, 16, mix, h2, 61))
    with kernels.cheap_compile_t4():  # the dependent ensembles run the reference chunk either way
        runs.append(MI.dependent_chunks(7, 0, 3, 1200, 13, 16, mix, h2, 61))
    for run in runs[1:]:
        for a, b in zip(runs[0], run):
            np.testing.assert_array_equal(a, b)


def test_dependent_kernel_is_chunk_invariant():
    h2 = (8.0 / 60) ** 2
    a, _ = MI.dependent_chunks(7, 0, 4, 2000, 13, 16, True, h2, 61)
    b1, _ = MI.dependent_chunks(7, 0, 2, 2000, 13, 16, True, h2, 61)
    b2, _ = MI.dependent_chunks(7, 2, 4, 2000, 13, 16, True, h2, 61)
    np.testing.assert_array_equal(a, np.vstack([b1, b2]))


def test_reduced_form_equals_embedding_level_in_law():
    """The Numba kernel's reduced form y_i = r xi_i has the law of the embedding-level ensemble."""
    dk, m, n = 6, 7, 30_000
    X, js = MI.matched_dependent_scores(dk, m, n, np.random.default_rng(11))
    rows = np.arange(n)
    D = X - X[rows, js][:, None]
    D[rows, js] = -np.inf
    gammas = np.array([0.5, 1.0, 1.5])
    emb = np.array([np.mean(1 / (1 + np.exp(g * g * D).sum(1))) for g in gammas])
    emb_se = np.array([np.std(1 / (1 + np.exp(g * g * D).sum(1))) / math.sqrt(n) for g in gammas])
    red = MI.dependent_reference(1, n, m, dk, gammas)
    assert np.all(np.abs(emb - red) < 5 * math.sqrt(2) * emb_se), (emb, red)
    # moments as matched: target mean sqrt(dk), every variance 4, adjacent correlation -1/2
    assert abs(X[rows, js].mean() - math.sqrt(dk)) < 0.05
    other = js > 2
    assert abs(np.corrcoef(X[other, 0], X[other, 1])[0, 1] + 0.5) < 0.03


def test_dependent_gamma_c_is_reproducible_and_shifts_are_summarised():
    a = MI.dependent_gamma_c(32, 10, trials=3000, seeds=2, seed=4)
    b = MI.dependent_gamma_c(32, 10, trials=3000, seeds=2, seed=4)
    assert a.per_seed == b.per_seed and a.curves.model == "t4-dependent-matched"
    rows = MI.independence_shifts([(32, 10), (64, 15)], variants=("gaussian",), trials=3000, seeds=3, seed=1)
    s1 = MI.shift_summary(rows["gaussian"], seed=2)
    s2 = MI.shift_summary(rows["gaussian"], seed=2)
    assert s1 == s2 and s1.max_abs >= abs(s1.median)
    with pytest.raises(ValueError):
        MI.dependent_curves(32, 10, variant="canonical", distractors="T-1")
    with pytest.raises(ValueError):
        MI.independence_shifts([(32, 10)], variants=("nope",))


def test_canonical_variant_is_the_t4_channel_of_the_sequence_model():
    cur = MI.dependent_curves(8, 10, variant="canonical", trials=1000, seeds=1, seed=3, grid=5, gamma_max=2.0)
    ref = MI.curves(
        MI.SequenceModel(8, 10), np.linspace(0, 2, 5), channels=("T4",), sign=-1.0, trials=1000, seeds=1, seed=3
    )
    np.testing.assert_array_equal(cur.per_seed, ref.mass)


# --- psa-mc induction -----------------------------------------------------------------------------


def test_cli_json_contract(capsys):
    import json

    import cli

    code = cli.mc_main(
        [
            "induction",
            "--dk",
            "8",
            "--T",
            "10",
            "--gamma-q",
            "0",
            "--gamma-k",
            "1",
            "--channels",
            "T1,T3",
            "--sign",
            "-1",
            "--trials",
            "2000",
            "--seed",
            "3",
            "--json",
        ]
    )
    assert code == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["softmax_mass"]) == {"mean", "se"} and set(doc["argmax_accuracy"]) == {"mean", "se"}
    assert doc["channels"] == ["T1", "T3"] and doc["sign"] == -1.0 and doc["ceiling"] == pytest.approx(1 / 8)
    assert doc["conventions"]["momentum_boundary"].startswith("p1=0")
    ref = MI.simulate(MI.SequenceModel(8, 10), 0.0, 1.0, channels=("T1", "T3"), sign=-1.0, trials=2000, seed=3)
    assert doc["softmax_mass"]["mean"] == ref.mass


@pytest.mark.parametrize(
    "argv",
    [
        ["induction", "--dk", "0", "--T", "10"],
        ["induction", "--dk", "8", "--T", "2"],
        ["induction", "--dk", "7", "--T", "10", "--rope", "100"],
        ["induction", "--dk", "8", "--T", "10", "--channels", "T5"],
        ["induction", "--dk", "8", "--T", "10", "--gamma-q", "nan"],
        ["induction", "--dk", "8", "--T", "10", "--sign", "2"],
        ["induction", "--dk", "8", "--T", "10", "--alphabet", "1"],
    ],
)
def test_cli_bad_input_exits_2_with_one_line(argv, capsys):
    import cli

    assert cli.mc_main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
