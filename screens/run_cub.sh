#!/bin/bash
# Cuban pieces, seeds consecutive from 9000: 5 deals to time the rate, then pieces of 20 deals,
# each started only if, at the last piece's rate, it ends by 04:05 UTC.
cd /work/wt-lineexpert6
A=expert:PARTNER_SIR=8,PARTNER_BETA=1.0,PARTNER_EPS=0.2
stop=$(date -u -d "04:05" +%s)
s=9000; n=5; rate=0
while :; do
  now=$(date -u +%s)
  if [ $((now + rate * n)) -ge $stop ]; then echo "not starting $s ($n deals at ${rate}s/deal)"; break; fi
  t0=$(date -u +%s)
  PYTHONPATH=$PWD /work/main/.venv/bin/python tools/line_expert_dev.py cuban $A expert --seed $s --deals $n --jobs 1 > screens/cub_${s}_${n}.json 2> screens/cub_${s}_${n}.err
  t1=$(date -u +%s); rate=$(( (t1 - t0 + n - 1) / n ))
  echo "$s +$n done $(date -u) ${rate}s/deal"
  s=$((s + n)); n=20
done
