"""Gymnasium environment speed: masked random steps per second (not a test).

Each step reads ``info["action_mask"]``, picks a legal action at random and
calls ``env.step`` through ``gymnasium.make`` (so with its wrappers), as an
agent would.  Prints the median of several rounds per game, on one core.

    python benchmarks/gym.py [--seconds 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

import gymnasium
import numpy as np

import solitaire_widgets.gym as swgym


def measure(env_id: str, seconds: float) -> float:
    env = gymnasium.make(env_id)
    rng = np.random.default_rng(1)
    steps, episode = 0, 0
    obs, info = env.reset(seed=episode)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        if terminated or truncated:
            episode += 1
            obs, info = env.reset(seed=episode)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'environment':<32} steps/s (median of {args.rounds})")
    for env_id in swgym.ENV_IDS.values():
        rates = [measure(env_id, args.seconds) for _ in range(args.rounds)]
        print(f"{env_id:<32} {statistics.median(rates):>10,.0f}")


if __name__ == "__main__":
    main()
