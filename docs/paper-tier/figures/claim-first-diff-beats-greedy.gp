# FirstDiff[2] no worse than Greedy[2] (gap, m = n and m ≫ n) [pass]
# tier paper · m = t·n · 125 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-first-diff-beats-greedy.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-first-diff-beats-greedy.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,942 enhanced font "Sans,19" linewidth 2.5
  set output "claim-first-diff-beats-greedy.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.14in enhanced font "Sans,6.5" linewidth 1
  set output "claim-first-diff-beats-greedy.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,628 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-first-diff-beats-greedy.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.14in linewidth 1
  set output "claim-first-diff-beats-greedy-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'FirstDiff[2] no worse than Greedy[2] (gap, m = n and m $\gg$ n)' : 'FirstDiff[2] no worse than Greedy[2] (gap, m = n and m ≫ n)'
T_x = tex ? 't = m/n (balls per bin)' : 't = m/n (balls per bin)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ m = t$\cdot$n $\cdot$ 125 runs per point' : 'tier paper · m = t·n · 125 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'A: first-diff:cap=4, n = 262144' : 'A: first-diff:cap=4, n = 262144'
T_s1 = tex ? 'B: d-choice:d=2, n = 262144' : 'B: d-choice:d=2, n = 262144'
T_s2 = tex ? 'A: first-diff:cap=4, n = 4194304' : 'A: first-diff:cap=4, n = 4194304'
T_s3 = tex ? 'B: d-choice:d=2, n = 4194304' : 'B: d-choice:d=2, n = 4194304'
T_title1 = tex ? '[pass]' : '[pass]'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_title1, T_note0, T_note1) : sprintf("%s\n%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_title1, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 10
if (tex) { set format x '$%g$' }
if (tex) { set format x '$10^{%L}$' } else { set format x '10^{%L}' }
set xtics (1, 100)
if (tex) { set format x '$%g$' } else { set format x '%g' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-first-diff-beats-greedy.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-first-diff-beats-greedy.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s1, \
  'claim-first-diff-beats-greedy.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s2, \
  'claim-first-diff-beats-greedy.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s3
