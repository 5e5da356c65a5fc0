"""Celery runs tasks: eagerly without a broker, through Redis and a real worker with one."""

from __future__ import annotations

import uuid

import pytest
from celery.result import allow_join_result

from config.celery import app
from core.tasks import ping_task


def test_tasks_run_eagerly_in_tests() -> None:
    assert app.conf.task_always_eager is True
    # A real worker started earlier in this process (the Redis test below) leaves Celery's
    # "joining would block" flag set; a test is no task, so joining here is allowed.
    with allow_join_result():
        assert ping_task.delay("x").get(timeout=1) == "pong:x"


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_consumes_tasks_through_redis() -> None:
    from celery.contrib.testing.worker import start_worker

    queue = f"test-{uuid.uuid4().hex[:8]}"
    app.conf.task_always_eager = False
    try:
        with start_worker(app, pool="solo", queues=[queue], perform_ping_check=False):
            result = ping_task.apply_async(args=("redis",), queue=queue)
            assert result.get(timeout=20) == "pong:redis"
    finally:
        app.conf.task_always_eager = True
