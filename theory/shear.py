"""The symplectic shear M_gamma and the symplectic form (§3.2 eq. 10, Lemma 4, §4.4, Prop 36).

Coordinates are ordered (q, p) with q, p in R^{d_k}; the joint state of a head is
(q, p_q, k, p_k).  Numeric builders return float64 arrays; ``*_sym`` builders return
SymPy block matrices for symbolic ``gamma`` and ``d_k``.
"""

from __future__ import annotations

import numpy as np
import sympy as sp


def shear(gamma: float, dk: int) -> np.ndarray:
    """Upper shear ``M_gamma = [[I, gamma I], [0, I]]`` on (q, p) (eq. 10)."""
    eye = np.eye(dk)
    return np.block([[eye, gamma * eye], [np.zeros((dk, dk)), eye]])


def lower_shear(gamma: float, dk: int) -> np.ndarray:
    """Lower shear ``(q, p) -> (q, p + gamma q)`` (§4.4, Prop 20)."""
    eye = np.eye(dk)
    return np.block([[eye, np.zeros((dk, dk))], [gamma * eye, eye]])


def omega(dk: int) -> np.ndarray:
    """Symplectic form ``J = Omega = [[0, I], [-I, 0]]`` on (q, p) (eq. 10)."""
    eye = np.eye(dk)
    z = np.zeros((dk, dk))
    return np.block([[z, eye], [-eye, z]])


def asymmetric_shear(gamma_q: float, gamma_k: float, dk: int) -> np.ndarray:
    """``diag(M_gamma_q, M_gamma_k)`` on (q, p_q, k, p_k) (Prop 36; gamma_q = gamma_k is Thm 38)."""
    n = 2 * dk
    out = np.zeros((2 * n, 2 * n))
    out[:n, :n] = shear(gamma_q, dk)
    out[n:, n:] = shear(gamma_k, dk)
    return out


def joint_omega(dk: int) -> np.ndarray:
    """``diag(J, J)`` on (q, p_q, k, p_k) (Thm 38)."""
    n = 2 * dk
    out = np.zeros((2 * n, 2 * n))
    out[:n, :n] = omega(dk)
    out[n:, n:] = omega(dk)
    return out


def symplectic_residual(M: np.ndarray, J: np.ndarray) -> float:
    """``max |M^T J M - J|`` in float64 (Rem 39: the residual, not the determinant)."""
    return float(np.max(np.abs(M.T @ J @ M - J)))


# --- SymPy block forms (symbolic gamma, symbolic dimension n = d_k) ---------------------

n = sp.Symbol("n", positive=True, integer=True)
gamma = sp.Symbol("gamma", real=True)


def shear_blocks(g, I, Z):
    """Block layout of ``M_gamma`` given identity ``I`` and zero ``Z`` blocks."""
    return [[I, g * I], [Z, I]]


def shear_sym(g=gamma, dim=n) -> sp.BlockMatrix:
    """``M_gamma`` as a SymPy block matrix of identity blocks of size ``dim``."""
    return sp.BlockMatrix(shear_blocks(g, sp.Identity(dim), sp.ZeroMatrix(dim, dim)))


def omega_sym(dim=n) -> sp.BlockMatrix:
    """``J = [[0, I], [-I, 0]]`` as a SymPy block matrix."""
    I, Z = sp.Identity(dim), sp.ZeroMatrix(dim, dim)
    return sp.BlockMatrix([[Z, I], [-I, Z]])


def _explicit(blocks) -> sp.Matrix:
    """``sp.Matrix(sp.BlockMatrix(blocks))``: explicit ``n x n`` blocks (SymPy matrices, all of one
    size ``n >= 1``) are copied into place, entry for entry the matrix BlockMatrix gives; anything
    else goes through BlockMatrix."""
    first = blocks[0][0]
    if isinstance(first, sp.MatrixBase) and first.rows >= 1:
        n = first.rows
        if (
            all(isinstance(b, sp.MatrixBase) and b.shape == (n, n) for row in blocks for b in row)
            and len({len(row) for row in blocks}) == 1
        ):
            M = sp.zeros(n * len(blocks), n * len(blocks[0]))
            for i, row in enumerate(blocks):
                for j, b in enumerate(row):
                    M[i * n : (i + 1) * n, j * n : (j + 1) * n] = b
            return M
    return sp.Matrix(sp.BlockMatrix(blocks))


def _symbolic_size(dk) -> bool:
    """``dk`` is a SymPy size that is not a number (a symbolic width ``n``)."""
    return isinstance(dk, sp.Basic) and not dk.is_Integer


def shear_explicit(g, dk) -> sp.Matrix | sp.BlockMatrix:
    """``M_gamma`` as an explicit ``2 dk x 2 dk`` SymPy matrix (for small ``dk``); at a symbolic
    ``dk`` (issue 25: every width decided at once) the block matrix :func:`shear_sym`."""
    if _symbolic_size(dk):
        return shear_sym(g, dk)
    eye = sp.eye(dk)
    return _explicit([[eye, g * eye], [sp.zeros(dk), eye]])


def omega_explicit(dk) -> sp.Matrix | sp.BlockMatrix:
    """``J`` as an explicit ``2 dk x 2 dk`` SymPy matrix (:func:`omega_sym` at a symbolic ``dk``)."""
    if _symbolic_size(dk):
        return omega_sym(dk)
    eye = sp.eye(dk)
    return _explicit([[sp.zeros(dk), eye], [-eye, sp.zeros(dk)]])


def generator_explicit(dk: int) -> sp.Matrix:
    """``X = [[0, I], [0, 0]]``, the generator with ``exp(gamma X) = M_gamma`` (Lemma 4)."""
    eye = sp.eye(dk)
    return _explicit([[sp.zeros(dk), eye], [sp.zeros(dk), sp.zeros(dk)]])


# --- further builders (§4.3-§5.2) -------------------------------------------------------


def lower_shear_explicit(G, dk=None) -> sp.Matrix | sp.BlockMatrix:
    """Lower shear ``[[I, 0], [G, I]]``: ``(q, p) -> (q, p + G q)`` as an explicit SymPy matrix.

    ``G`` is a ``dk x dk`` matrix, or a scalar ``gamma`` with ``dk`` given (then ``G = gamma I``:
    §4.4, Prop 20); at a symbolic ``dk`` (issue 25) the block matrix ``[[I, 0], [gamma I, I]]`` of
    ``dk x dk`` blocks.  §3.3: the kick ``Phi^V_h`` of ``V = q^T K q / 2`` is ``G = -h K``.
    """
    if dk is not None and _symbolic_size(dk):
        I, Z = sp.Identity(dk), sp.ZeroMatrix(dk, dk)
        return sp.BlockMatrix([[I, Z], [G * I, I]])
    if dk is not None:
        G = G * sp.eye(dk)
    G = sp.Matrix(G)
    n_ = G.shape[0]
    eye = sp.eye(n_)
    return _explicit([[eye, sp.zeros(n_)], [G, eye]])


def block_shear_explicit(B: sp.Matrix) -> sp.Matrix:
    """``[[I, B], [0, I]]`` for a ``dk x dk`` block ``B`` (§4.4: the shear with coefficient matrix B)."""
    dk = B.shape[0]
    return _explicit([[sp.eye(dk), B], [sp.zeros(dk), sp.eye(dk)]])


def asymmetric_shear_explicit(gq, gk, dk) -> sp.Matrix | sp.BlockMatrix:
    """``diag(M_gq, M_gk)`` on (q, p_q, k, p_k) as an explicit SymPy matrix (Prop 36; Thm 38 at gq = gk); at a
    symbolic ``dk`` (issue 25) the 4 x 4 block matrix of ``dk x dk`` blocks."""
    if _symbolic_size(dk):
        I, Z = sp.Identity(dk), sp.ZeroMatrix(dk, dk)
        return sp.BlockMatrix([[I, gq * I, Z, Z], [Z, I, Z, Z], [Z, Z, I, gk * I], [Z, Z, Z, I]])
    return sp.diag(shear_explicit(gq, dk), shear_explicit(gk, dk))


def joint_omega_explicit(dk: int) -> sp.Matrix:
    """``Omega = diag(J, J)`` on (q, p_q, k, p_k) as an explicit SymPy matrix (Thm 38)."""
    return sp.diag(omega_explicit(dk), omega_explicit(dk))


def shear_power_explicit(g, k, dk: int) -> sp.Matrix:
    """``M_gamma^k`` in closed form, ``M_{k gamma}`` (Prop 8, Prop 18, Rem 40 eq. 37)."""
    return shear_explicit(k * g, dk)


def h_joint(x, dk: int):
    """``H_joint = (||p_q||^2 + ||p_k||^2)/2`` of a joint state (q, p_q, k, p_k) (Prop 36, Thm 38).

    Works for NumPy vectors and SymPy column matrices alike.
    """
    if isinstance(x, sp.MatrixBase):
        pq, pk = x[dk : 2 * dk, :], x[3 * dk : 4 * dk, :]
        return ((pq.T * pq)[0, 0] + (pk.T * pk)[0, 0]) / 2
    pq, pk = np.asarray(x[dk : 2 * dk]), np.asarray(x[3 * dk : 4 * dk])
    return 0.5 * (float(pq @ pq) + float(pk @ pk))
