# g-myopic-transition [fail (documented finding)]
# tier paper · n = 65536, m = 2000n · 30 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-g-myopic-transition.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-g-myopic-transition.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,945 enhanced font "Sans,19" linewidth 2.5
  set output "claim-g-myopic-transition.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.15in enhanced font "Sans,6.5" linewidth 1
  set output "claim-g-myopic-transition.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,630 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-g-myopic-transition.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.15in linewidth 1
  set output "claim-g-myopic-transition-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'g-myopic-transition [fail (documented finding)]' : 'g-myopic-transition [fail (documented finding)]'
T_x = tex ? 'g (g-myopic:g)' : 'g (g-myopic:g)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ n = 65536, m = 2000n $\cdot$ 30 runs per point' : 'tier paper · n = 65536, m = 2000n · 30 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'claimed range [0.5, 2]$\cdot$ln n = [5.55, 22.2]' : 'claimed range [0.5, 2]·ln n = [5.55, 22.2]'
T_s1 = tex ? 'measured' : 'measured'
T_s2 = tex ? 'segments: slope 1.01 [0.967, 1.06] $\to$ 0.698 [0.681, 0.715]' : 'segments: slope 1.01 [0.967, 1.06] → 0.698 [0.681, 0.715]'
T_s3 = tex ? 'breakpoint 13.5' : 'breakpoint 13.5'
T_s4 = tex ? '95\% interval [11.3, 18.2]' : '95% interval [11.3, 18.2]'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-g-myopic-transition.dat' index 0 using 1:3:4 with filledcurves fc rgb '#000000' fs transparent solid 0.18 noborder title T_s0, \
  'claim-g-myopic-transition.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s1, \
  'claim-g-myopic-transition.dat' index 2 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s2, \
  'claim-g-myopic-transition.dat' index 3 using 1:2 with lines lc rgb '#D55E00' lw 1.5 dt 1 title T_s3, \
  'claim-g-myopic-transition.dat' index 4 using 1:2 with lines lc rgb '#D55E00' lw 1.5 dt 3 title T_s4
